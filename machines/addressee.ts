import type { ActorRef, EventObject, Snapshot } from 'xstate'

/**
 * Another actor a machine tells of a change (the session, the licenses list, Recent activity),
 * given in the machine's input by the page that starts both (docs/decisions/0035). A machine
 * started alone has none: in XState 5 a `sendTo` whose target is missing sends the event to the
 * machine itself, so the actions that tell send only to an addressee that is there.
 */
export type Addressee<TEvent extends EventObject> = ActorRef<Snapshot<unknown>, TEvent>
