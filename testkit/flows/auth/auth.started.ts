import { createActor, fromCallback, fromPromise, type AnyActorLogic } from 'xstate'
import { authMachine, type StartupOutput } from '@/machines/auth.machine'
import type { SignedInAccount } from '@/machines/auth.types'
import { settle } from '@/testkit/settle'

/** An MSAL call that never answers (a redirect would be leaving the page). */
export const neverAnswers = fromPromise(() => new Promise<never>(() => {}))

/**
 * The sign-in flow after startup, with the MSAL calls a test answers its own way (an actor per name);
 * `stored` lists the accounts told to MSAL as active, `left` each time the account area was left.
 */
export async function startedWith(output: StartupOutput, actors: Record<string, AnyActorLogic> = {}) {
  const stored: (SignedInAccount | null)[] = []
  const left: string[] = []
  const machine = authMachine.provide({
    actors: { startup: fromPromise(async () => output), msalEvents: fromCallback(() => {}), pageVisibility: fromCallback(() => {}), ...actors } as never,
    actions: { storeActiveAccount: (_, params) => void stored.push(params.account), leaveAccountArea: () => void left.push('left') },
  })
  const actor = createActor(machine).start()
  await settle()
  return { actor, stored, left }
}
