import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { billingPortalMachine } from '../../machines/billing-portal.machine'
import { expectContexts, lastOf, type ContextTable, expectContextTableCoversMachine } from '../support/context-table'
import { describePath, planPaths } from '../../testkit/model/paths'
import { replayPath } from '../support/run-paths'
import { billingPortalModel, portalUrl } from '../../testkit/models/billing-portal.model'
import { settle } from '../../testkit/settle'

const plan = planPaths(billingPortalModel)

/** The page Billing was opened from, in the model: the Profile page. */
const profilePage = 'https://localhost:5173/account/profile'

const contexts: ContextTable<{ returnUrl: string; error: string | null }> = {
  // The refusal of the last opening stays until dismissed or Billing is clicked again.
  'billingPortal.idle': (sent) => ({
    returnUrl: lastOf(sent, 'portal.open') ? profilePage : '',
    error:
      lastOf(sent, 'portal.open', 'error.dismiss', 'xstate.error.actor.createPortalSession')?.type === 'xstate.error.actor.createPortalSession'
        ? 'There was a problem connecting to the server. Please try again.'
        : null,
  }),
  'billingPortal.opening': { returnUrl: profilePage, error: null },
  'billingPortal.leaving': { returnUrl: profilePage, error: null },
}

describe('billing portal machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contexts as ContextTable<unknown>, billingPortalMachine))
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () =>
      replayPath(billingPortalMachine, path, { actors: billingPortalModel.actors, serialize: plan.serialize, expectations: expectContexts(contexts, path) }))
  }
})

describe('billing portal machine', () => {
  it('asks for a portal session that returns to the current page, then leaves for its address', async () => {
    const createPortalSession = vi.fn(async (_input: { returnUrl: string }) => ({ url: portalUrl }))
    const goToPortal = vi.fn()
    const actor = createActor(
      billingPortalMachine.provide({
        actors: { createPortalSession: fromPromise(({ input }) => createPortalSession(input)) },
        actions: { goToPortal: (_, params) => goToPortal(params.url) },
      }),
    ).start()
    actor.send({ type: 'portal.open', returnUrl: 'https://localhost:5173/account/profile' })
    actor.send({ type: 'portal.open', returnUrl: 'https://localhost:5173/account/profile' })
    await settle()
    expect(createPortalSession).toHaveBeenCalledTimes(1)
    expect(createPortalSession).toHaveBeenCalledWith({ returnUrl: 'https://localhost:5173/account/profile' })
    expect(goToPortal).toHaveBeenCalledWith(portalUrl)
    expect(actor.getSnapshot().status).toBe('done')
  })
})
