import { createActor, fromCallback, type EventObject } from 'xstate'

/**
 * A stand-in for the actor a machine tells of a change (the session, the licenses list, Recent
 * activity): it hands every event it is told to `hear`.
 */
export function addressee<TEvent extends EventObject>(hear: (event: TEvent) => void) {
  return createActor(fromCallback<TEvent>(({ receive }) => receive(hear))).start()
}
