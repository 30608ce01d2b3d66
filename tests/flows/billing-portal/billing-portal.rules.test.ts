import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { answersInTurn } from '@/testkit/answers'
import { settle } from '@/testkit/settle'

/** Billing (spec section 2): a portal session that could not be made leaves its message, until dismissed. */
const technicalDifficulties = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."

describe('Billing', () => {
  it('shows why the portal could not open, and Dismiss removes the message', async () => {
    const portal = answersInTurn<{ url: string }, { returnUrl: string }>([new Error(technicalDifficulties)])
    const actor = createActor(billingPortalMachine.provide({ actors: { createPortalSession: portal.logic } })).start()
    actor.send({ type: 'portal.open', returnUrl: 'https://localhost:5173/account/profile' })
    await settle()
    expect(portal.asked).toEqual([{ returnUrl: 'https://localhost:5173/account/profile' }])
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe(technicalDifficulties)
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
