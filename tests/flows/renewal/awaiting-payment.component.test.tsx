// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RenewalPanel } from '@/src/features/manage-licenses/components/RenewalPanel'
import { caraRenewal } from '@/testkit/flows/renewal/renewal.model'
import { account } from '@/testkit/flows/session/session.model'
import { openOnPendingApi } from '@/tests/support/pending-api'

/** Issue 49: Manage Licenses says of a subscription bought by invoice that it awaits payment, and until when, and that its renewal is invoiced (decision 0056). */
describe("the renewal panel's subscription bought by invoice", () => {
  const open = async (renewals: unknown[]) => {
    const pending = openOnPendingApi(() => <RenewalPanel />, { account, path: '/account/licenses' })
    await pending.settle('renewals', { output: renewals })
    return screen.findByRole('article', { name: 'Commercial: renews on March 1, 2027' })
  }

  it('says it awaits payment, with the due date', async () => {
    const card = await open([{ ...caraRenewal, paymentDueDate: '2026-03-31T12:00:00.000Z' }])
    expect(card.textContent).toContain('Awaiting payment: the invoice is due by March 31, 2026.')
  })

  it('says the renewal is invoiced 30 days ahead, with the number and due date, and keeps its seats and auto-renew as invoiced [S9.dates]', async () => {
    const card = await open([{ ...caraRenewal, renewalInvoice: { number: 'NW1-0002', dueDate: '2027-03-31T00:00:00.000Z' } }])
    expect(card.textContent).toContain('The renewal is invoiced (NW1-0002): due by March 31, 2027. The invoice is under Invoices and company; its licenses and auto-renew stay as invoiced.')
    expect(within(card).getByRole('button', { name: 'Change seats for renewal' })).toHaveProperty('disabled', true)
    expect(within(card).getByRole('switch', { name: 'Auto-renew' })).toHaveProperty('disabled', true)
  })

  it('says nothing of a payment once paid', async () => {
    const card = await open([caraRenewal])
    expect(card.textContent).not.toContain('Awaiting payment')
    expect(card.textContent).not.toContain('The renewal is invoiced')
    expect(within(card).getByRole('switch', { name: 'Auto-renew' })).toHaveProperty('disabled', false)
  })
})
