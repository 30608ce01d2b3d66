import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { portalUrl } from '@/testkit/flows/billing-portal/billing-portal.model'
import { settle } from '@/testkit/settle'

describe('billing portal machine', () => {
  it('asks for a portal session that returns to the current page, then leaves for its address [S7.customer-portal]', async () => {
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
