import { expect } from 'vitest'
import type { AnyActorRef } from 'xstate'
import { settle } from '@/testkit/settle'

/**
 * A page whose first load fails with `message` (its rules test answers the loads in turn): it rests
 * in `failed` holding the message, and its Try again (`reload`) asks a second time.
 */
export async function expectTryAgainAfterFailure(page: { actor: AnyActorRef; loads: readonly unknown[] }, message: string, reload: string) {
  await settle()
  expect(page.actor.getSnapshot().value).toBe('failed')
  expect(page.actor.getSnapshot().context.error).toBe(message)
  page.actor.send({ type: reload })
  await settle()
  expect(page.loads).toHaveLength(2)
}
