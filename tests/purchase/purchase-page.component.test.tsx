// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { purchaseMachine } from '../../machines/purchase.machine'
import type { Account } from '../../src/api/contract'
import { PurchasePage } from '../../src/features/purchase/components/PurchasePage'
import { describePath, planPaths } from '../model/paths'
import { pendingApi, renderAccountPage, settleActorEvent } from '../model/pending-api'
import { account } from '../machines/session.model'
import { purchaseModel } from '../machines/purchase.model'
import { leaveSiteFor } from '../../src/ui/leave-site'

vi.mock('../../src/ui/leave-site', () => ({ leaveSiteFor: vi.fn() }))

const plan = planPaths(purchaseModel)
const methods = { loadProduct: 'product', createCheckoutSession: 'createCheckoutSession' } as const

/** What the user does for each of the machine's own events. */
function act(type: string) {
  if (type === 'seats.increase') fireEvent.click(screen.getByRole('button', { name: 'More developers' }))
  if (type === 'seats.decrease') fireEvent.click(screen.getByRole('button', { name: 'Fewer developers' }))
  if (type === 'checkout.start') fireEvent.click(screen.getByRole('button', { name: 'Get Community License' }))
}

/** What the user sees in each state of the purchase. */
async function expectState(snapshot: SnapshotFrom<typeof purchaseMachine>) {
  const { value, context } = snapshot
  if (value === 'loadingProduct' || value === 'checkingOut') expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
  if (value === 'notAvailable') {
    expect(await screen.findByRole('heading', { name: 'License not available' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Choose another license type' }).getAttribute('href')).toBe('/#pricing')
  }
  if (value === 'limitReached') {
    expect(await screen.findByText(/already holds the most Community licenses/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Manage Licenses' }).getAttribute('href')).toBe('/account/licenses')
    expect(screen.queryByRole('button', { name: 'Get Community License' })).toBeNull()
  }
  if (value === 'choosingSeats' || value === 'redirecting') {
    expect(await screen.findByRole('heading', { name: 'Purchase Community' })).toBeTruthy()
    expect(screen.getByLabelText(`${context.seats} developers`)).toBeTruthy()
    expect(screen.getByText('$0.00')).toBeTruthy()
    // While the checkout is being made the seat count is settled.
    const redirecting = value === 'redirecting'
    expect((screen.getByRole('button', { name: 'More developers' }) as HTMLButtonElement).disabled).toBe(redirecting || context.seats >= 5)
    expect((screen.getByRole('button', { name: 'Fewer developers' }) as HTMLButtonElement).disabled).toBe(redirecting || context.seats <= 1)
    expect(screen.queryByText('The Community license covers at most 5 developers.') !== null).toBe(context.seats >= 5)
    const action = screen.getByRole('button', { name: 'Get Community License' }) as HTMLButtonElement
    expect(action.disabled).toBe(redirecting)
    if (context.error) expect(screen.getByRole('alert').textContent).toBe(context.error)
    else expect(screen.queryByRole('alert')).toBeNull()
  }
  if (value === 'checkingOut') expect(leaveSiteFor).toHaveBeenLastCalledWith('https://localhost:5173/sandbox/checkout/cs_test_1')
  if (value === 'leaving') expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy()
}

describe('the purchase page (component paths of the purchase machine)', () => {
  for (const path of plan.paths) {
    it(`shows ${path.input?.priceId === null ? 'no price' : path.input?.allowedPriceId ? 'limited' : 'free'}: ${describePath(path.steps)}`, async () => {
      vi.mocked(leaveSiteFor).mockClear()
      const pending = pendingApi()
      renderAccountPage(() => <PurchasePage priceId={path.input!.priceId} />, { api: pending.api, account: { ...account, allowedPriceId: path.input!.allowedPriceId as Account['allowedPriceId'] } })
      let checkouts = 0
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: unknown; error?: unknown }
        if (!(await settleActorEvent(pending, methods, event))) act(event.type)
        if (event.type === 'checkout.start') checkouts++
        await expectState(step.state as SnapshotFrom<typeof purchaseMachine>)
      }
      // One click sends one request, with the chosen seats and the checkout's return addresses.
      expect(pending.calls('createCheckoutSession')).toHaveLength(checkouts)
      for (const [body] of pending.calls('createCheckoutSession')) expect(body).toMatchObject({ priceId: 'community', cancelUrl: expect.stringContaining('/account/purchase/complete?success=false') })
    })
  }
})
