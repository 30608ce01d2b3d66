import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { AssignedLicense, MemberRole, Stats } from '@/common/contract'
import { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { plans, upgradePaths } from '@/common/plans'
import { selectBulkDialog, selectManageLicenses, selectPurchaseDialog } from '@/src/features/manage-licenses/manage-licenses.select'
import { addedSeatsOrder, goodLines, newSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { northwindDraft } from '@/testkit/flows/invoice-order/invoice-order.model'
import { settle } from '@/testkit/settle'

/** Spec section 2: the header button and the upgrade entry follow the plan and the seats. */
async function loaded(stats: Stats, role?: MemberRole, actors: Partial<Parameters<typeof manageLicensesMachine.provide>[0]['actors']> = {}) {
  const machine = manageLicensesMachine.provide({
    actors: { loadStats: fromPromise(async () => stats), loadAssigned: fromPromise(async (): Promise<AssignedLicense[]> => []), ...actors },
  })
  const actor = createActor(machine, { input: { checkoutReturned: false, plans, upgradePaths, role } }).start()
  await settle()
  return actor
}

describe('Manage Licenses', () => {
  it.each([
    [
      'Assign License while a seat is free, and Upgrade from the subscription tile for Commercial',
      { subscription: 'Commercial', priceId: 'commercial', purchased: 5, assigned: 2, available: 3 },
      { headerAction: 'assign', headerEnabled: true, upgradeBadge: false, upgradeTileAction: true, canOpenUpgrade: true, dialog: null },
    ],
    [
      'Buy Additional Licenses when no seat is free on a paid plan, and no upgrade above Commercial Plus',
      { subscription: 'Commercial Plus', priceId: 'commercial-plus', purchased: 2, assigned: 2, available: 0 },
      { headerAction: 'purchase', headerEnabled: true, upgradeBadge: false, upgradeTileAction: false, canOpenUpgrade: false },
    ],
    [
      'no header button to a full Community plan, and the Upgrade badge instead',
      { subscription: 'Community', priceId: 'community', purchased: 1, assigned: 1, available: 0 },
      { headerAction: null, headerEnabled: false, upgradeBadge: true, upgradeTileAction: false },
    ],
    [
      'no header button and no upgrade to someone with no plan, whatever the seats say',
      { subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 },
      { headerAction: null, headerEnabled: false, upgradeBadge: false, upgradeTileAction: false },
    ],
  ] satisfies [string, Stats, Record<string, unknown>][])('offers %s', async (_, stats, shown) => {
    const actor = await loaded(stats)
    expect(selectManageLicenses(actor.getSnapshot())).toMatchObject(shown)
  })

  it("offers the upgrade to billing's roles only (issue 30): a seat manager of a Community plan sees no badge", async () => {
    const community: Stats = { subscription: 'Community', priceId: 'community', purchased: 1, assigned: 1, available: 0 }
    expect(selectManageLicenses((await loaded(community, 'seat-manager')).getSnapshot())).toMatchObject({ upgradeBadge: false, upgradeTileAction: false, canOpenUpgrade: false })
    expect(selectManageLicenses((await loaded(community, 'billing-manager')).getSnapshot())).toMatchObject({ upgradeBadge: true, canOpenUpgrade: true })
  })

  it('shows the placeholders while the licenses load and on the way to the hosted checkout, and not once loaded or failed', async () => {
    const answers: { stats?: (stats: Stats) => void } = {}
    const machine = manageLicensesMachine.provide({
      actors: {
        loadStats: fromPromise(() => new Promise<Stats>((resolve) => (answers.stats = resolve))),
        loadAssigned: fromPromise(async (): Promise<AssignedLicense[]> => []),
        createCheckoutSession: fromPromise(async () => ({ url: 'https://checkout.example.com/cs_1' })),
      },
    })
    const actor = createActor(machine, { input: { checkoutReturned: false, plans, upgradePaths } }).start()
    await settle()
    expect(selectManageLicenses(actor.getSnapshot()), 'loading').toMatchObject({ loading: true, failed: false, showsLicenses: false })
    answers.stats!({ subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 2, available: 0 })
    await settle()
    expect(selectManageLicenses(actor.getSnapshot()), 'loaded').toMatchObject({ loading: false, showsLicenses: true })
    actor.send({ type: 'purchase.open' })
    actor.send({ type: 'checkout.start' })
    await settle()
    expect(actor.getSnapshot().value).toBe('checkingOut')
    expect(selectManageLicenses(actor.getSnapshot()), 'leaving for the checkout').toMatchObject({ loading: true, showsLicenses: false })
    const failing = createActor(
      manageLicensesMachine.provide({ actors: { loadStats: fromPromise(() => Promise.reject(new Error('down'))), loadAssigned: fromPromise(async (): Promise<AssignedLicense[]> => []) } }),
      {
        input: { checkoutReturned: false, plans, upgradePaths },
      },
    ).start()
    await settle()
    expect(selectManageLicenses(failing.getSnapshot()), 'failed').toMatchObject({ loading: false, failed: true })
  })

  it('prices the additional seats of the plan in the Buy Additional Licenses dialog', async () => {
    const actor = await loaded({ subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 2, available: 0 })
    actor.send({ type: 'purchase.open' })
    actor.send({ type: 'seats.change', seats: 4 })
    expect(selectManageLicenses(actor.getSnapshot()).dialog).toBe('purchase')
    expect(selectPurchaseDialog(actor.getSnapshot())).toMatchObject({ planName: 'Commercial', seats: 4, pricePerSeat: '$299.00', total: '$1,196.00', redirecting: false })
  })

  it('words the seats ordered by invoice as their number says: the terms, then what the seats can do now', async () => {
    for (const [seats, terms, now] of [
      [1, '1 additional Commercial license: $299.00 per year', 'The license works now: assign it here.'],
      [3, '3 additional Commercial licenses: $897.00 per year', 'The 3 licenses work now: assign them here.'],
    ] as const) {
      const actor = await loaded({ subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 2, available: 0 }, undefined, {
        addSeatsByInvoice: fromPromise(async () => addedSeatsOrder),
      })
      actor.send({ type: 'purchase.open' })
      actor.send({ type: 'seats.change', seats })
      actor.send({ type: 'invoice.open' })
      expect(selectPurchaseDialog(actor.getSnapshot()).invoice?.form.terms).toMatch(new RegExp(`^${terms.replace(/[$.]/g, '\\$&')}, prorated`))
      actor.send({ type: 'invoice.submit', draft: northwindDraft })
      await settle()
      expect(selectPurchaseDialog(actor.getSnapshot()).invoice?.ordered?.seats, `${seats} seats`).toMatch(new RegExp(`^${now.replace(/[$.]/g, '\\$&')} `))
    }
  })

  it('lets the pasted lines be edited only before they are sent, and counts the lines assigned', async () => {
    let answer: (seat: AssignedLicense) => void = () => {}
    const actor = await loaded({ subscription: 'Commercial', priceId: 'commercial', purchased: 5, assigned: 1, available: 4 }, undefined, {
      assignLicense: fromPromise(() => new Promise<AssignedLicense>((resolve) => (answer = resolve))),
    })
    actor.send({ type: 'assign.open' })
    actor.send({ type: 'bulk.open' })
    actor.send({ type: 'bulk.change', lines: goodLines })
    expect(selectBulkDialog(actor.getSnapshot())).toMatchObject({ canEdit: true, sending: false, assignedCount: 0 })
    actor.send({ type: 'bulk.submit' })
    expect(selectBulkDialog(actor.getSnapshot()), 'sending').toMatchObject({ canEdit: false, sending: true })
    answer(newSeat)
    await settle()
    answer(newSeat)
    await settle()
    expect(selectBulkDialog(actor.getSnapshot()), 'finished').toMatchObject({ canEdit: false, finished: true, assignedCount: goodLines.length })
  })
})
