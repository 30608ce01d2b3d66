// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, vi } from 'vitest'
import type { Account } from '@/common/contract'
import { PurchasePage } from '@/src/features/purchase/components/PurchasePage'
import { describePath, planPaths } from '@/testkit/model/paths'
import { pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { account } from '@/testkit/flows/session/session.model'
import { purchaseModel } from '@/testkit/flows/purchase/purchase.model'
import { leaveSiteFor } from '@/src/ui/leave-site'
import { walkPaths } from '@/tests/support/run-paths'
import { purchaseViewTable } from '@/testkit/flows/purchase/purchase.view-table'
import { purchaseOracle } from '@/testkit/flows/purchase/purchase.oracle'

vi.mock('@/src/ui/leave-site', () => ({ leaveSiteFor: vi.fn() }))

const plan = planPaths(purchaseModel)
const methods = { loadProduct: 'product', createCheckoutSession: 'createCheckoutSession' } as const

/** What the user does for each of the machine's own events. */
function act(type: string) {
  if (type === 'seats.increase') fireEvent.click(screen.getByRole('button', { name: 'More developers' }))
  if (type === 'seats.decrease') fireEvent.click(screen.getByRole('button', { name: 'Fewer developers' }))
  if (type === 'checkout.start') fireEvent.click(screen.getByRole('button', { name: 'Get Community License' }))
}

describe('the purchase page (component paths of the purchase machine) [S7.checkout-return S2.purchase.not-available]', () => {
  walkPaths(plan.paths, {
    table: purchaseViewTable,
    oracle: purchaseOracle,
    refuse: purchaseModel.events,
    title: (path) => `shows ${path.input?.priceId === null ? 'no price' : path.input?.allowedPriceId ? 'limited' : 'free'}: ${describePath(path.steps)}`,
    start: (path) => {
      vi.mocked(leaveSiteFor).mockClear()
      const pending = pendingApi()
      renderAccountPage(() => <PurchasePage priceId={path.input!.priceId} />, { api: pending.api, account: { ...account, allowedPriceId: path.input!.allowedPriceId as Account['allowedPriceId'] } })
      return pending
    },
    step: async (event, pending) => {
      if (!(await settleActorEvent(pending, methods, event))) act(event.type)
    },
    check: () => {
      for (const link of screen.queryAllByRole('link', { name: 'Choose another license type' })) expect(link.getAttribute('href')).toBe('/#pricing')
      for (const link of screen.queryAllByRole('link', { name: 'Manage Licenses' })) expect(link.getAttribute('href')).toBe('/account/licenses')
    },
    end: (pending, sent) => {
      // The hosted checkout's address, once it was made.
      if (sent.some(({ type }) => type === 'xstate.done.actor.createCheckoutSession')) expect(leaveSiteFor).toHaveBeenLastCalledWith('https://localhost:5173/sandbox/checkout/cs_test_1')
      else expect(leaveSiteFor).not.toHaveBeenCalled()
      // One click sends one request, with the chosen seats and the checkout's return addresses.
      const checkouts = sent.filter(({ type }) => type === 'checkout.start').length
      expect(pending.calls('createCheckoutSession')).toHaveLength(checkouts)
      for (const [body] of pending.calls('createCheckoutSession')) expect(body).toMatchObject({ priceId: 'community', cancelUrl: expect.stringContaining('/account/purchase/complete?success=false') })
    },
  })
})
