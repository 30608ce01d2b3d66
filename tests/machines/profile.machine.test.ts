import { describe, expect, it } from 'vitest'
import { createActor, type EventObject } from 'xstate'
import { profileMachine } from '../../machines/profile.machine'
import { expectContexts, lastOf, type ContextTable, expectContextTableCoversMachine } from '../support/context-table'
import { describePath, planPaths } from '../../testkit/model/paths'
import { idleActors, replayPath } from '../support/run-paths'
import { profileFields, profileModel } from '../../testkit/models/profile.model'
import { account } from '../../testkit/models/session.model'

const plan = planPaths(profileModel)

/** The account the page holds: as loaded, or as the last save stored it (the model typed Fabrikam). */
const held = (sent: readonly EventObject[]) => (lastOf(sent, 'xstate.done.actor.saveProfile') ? { ...account, companyName: 'Fabrikam' } : account)

/** The notice after the last save: confirmed, failed with the API's message, or none (dismissed, or saving again). */
function notice(sent: readonly EventObject[]) {
  const last = lastOf(sent, 'xstate.done.actor.saveProfile', 'xstate.error.actor.saveProfile', 'notice.dismiss', 'profile.save')?.type
  if (last === 'xstate.done.actor.saveProfile') return { error: null, saved: true }
  if (last === 'xstate.error.actor.saveProfile') return { error: "The information provided couldn't be processed. Please check your entries and try again.", saved: false }
  return { error: null, saved: false }
}

const contexts: ContextTable<{ account: typeof account | null; error: string | null; saved: boolean }> = {
  'profile.loading': { account: null, error: null, saved: false },
  'profile.failed': { account: null, error: 'There was a problem connecting to the server. Please try again.', saved: false },
  'profile.editing': (sent) => ({ account: held(sent), ...notice(sent) }),
  'profile.saving': (sent) => ({ account: held(sent), error: null, saved: false }),
}

describe('profile machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contexts as ContextTable<unknown>, profileMachine))
  for (const path of plan.paths)
    it(`replays ${describePath(path.steps)}`, () => replayPath(profileMachine, path, { actors: profileModel.actors, serialize: plan.serialize, expectations: expectContexts(contexts, path) }))
})

describe('profile machine', () => {
  it('saves one at a time: a second save while saving is ignored', () => {
    const actor = createActor(profileMachine.provide({ actors: idleActors(profileModel.actors) } as never)).start()
    actor.send({ type: 'xstate.done.actor.loadProfile', output: account } as never)
    actor.send({ type: 'profile.save', fields: profileFields })
    expect(actor.getSnapshot().can({ type: 'profile.save', fields: profileFields })).toBe(false)
  })
})
