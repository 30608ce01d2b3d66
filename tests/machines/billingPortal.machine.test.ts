import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { billingPortalMachine } from '../../machines/billingPortal.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { billingPortalModel, portalUrl } from './billingPortal.model'

const plan = planPaths(billingPortalModel)

function expectations(snapshot: SnapshotFrom<typeof billingPortalMachine>) {
  if (snapshot.matches('opening')) expect(snapshot.can({ type: 'portal.open', returnUrl: 'x' })).toBe(false)
  if (snapshot.context.error) expect(snapshot.context.error).toBe('There was a problem connecting to the server. Please try again.')
}

describe('billing portal machine: generated paths', () => {
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(billingPortalMachine, path, { actors: billingPortalModel.actors, serialize: plan.serialize, expectations }))
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
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(createPortalSession).toHaveBeenCalledTimes(1)
    expect(createPortalSession).toHaveBeenCalledWith({ returnUrl: 'https://localhost:5173/account/profile' })
    expect(goToPortal).toHaveBeenCalledWith(portalUrl)
    expect(actor.getSnapshot().status).toBe('done')
  })
})
