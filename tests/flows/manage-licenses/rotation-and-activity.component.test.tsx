// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { AccountServicesProvider, type AccountServices } from '@/src/ui/account-services'
import { activityModel, firstPage } from '@/testkit/flows/activity/activity.model'
import { keyRotationModel, noSeat } from '@/testkit/flows/key-rotation/key-rotation.model'
import { fullStats, newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { pendingApi, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { planPaths } from '@/testkit/model/paths'
import { renderPage } from '@/tests/support/render'
import { activityViewTable } from '@/testkit/flows/activity/activity.view-table'
import { keyRotationViewTable } from '@/testkit/flows/key-rotation/key-rotation.view-table'
import { activityOracle, asksAgain } from '@/testkit/flows/activity/activity.oracle'
import { effectsAlong } from '@/testkit/model/oracle'
import { keyRotationOracle } from '@/testkit/flows/key-rotation/key-rotation.oracle'

/** Manage Licenses for an owner with two assigned seats, every seat used. */
async function renderManage() {
  const calls = pendingApi({ stats: async () => fullStats, assignedLicenses: async () => [ownSeat, newSeat] })
  const api = calls.api
  const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
  renderPage(() => (
    <AccountServicesProvider value={{ api } as AccountServices}>
      <ManageLicensesPage checkoutReturned={false} upgradeLogic={upgradeLogic} renderUpgrade={() => null} goToCheckout={() => {}} />
    </AccountServicesProvider>
  ))
  await screen.findByRole('table', { name: 'Assigned licenses' })
  return calls
}

const activitySection = () => within(screen.getByRole('region', { name: 'Recent activity' }))
const rotationDialog = () => screen.queryByRole('dialog', { name: 'Regenerate key' })
const newKey = 'PRSM-NEWKY-11111-22222-33333-44444'

/** The owner gives Ada Lovelace's seat a new key: asked, confirmed, answered, closed. */
async function rotateAdasKey(calls: PendingApi) {
  fireEvent.click(screen.getByRole('button', { name: 'Regenerate key of Ada Lovelace' }))
  fireEvent.click(within(rotationDialog()!).getByRole('button', { name: 'Regenerate key' }))
  await calls.settle('regenerateKey', { output: { licenseId: newSeat.id, licenseKey: newKey } })
  fireEvent.click(within(rotationDialog()!).getByRole('button', { name: 'Done' }))
}

describe('Recent activity (component paths of the activity machine)', () => {
  walkPaths(planPaths(activityModel).paths, {
    table: activityViewTable,
    oracle: activityOracle,
    refuse: activityModel.events,
    root: () => screen.getByRole('region', { name: 'Recent activity' }),
    start: renderManage,
    step: async (event, calls) => {
      await settleActorEvent(calls, { loadActivity: 'activity' }, event)
      if (event.type === 'activity.reload') fireEvent.click(activitySection().getByRole('button', { name: 'Try again' }))
      if (event.type === 'activity.more') fireEvent.click(activitySection().getByRole('button', { name: 'Show more' }))
      // A change made on the page refreshes the activity: here, a new key for Ada Lovelace.
      if (event.type === 'activity.refresh') await rotateAdasKey(calls)
    },
    // The rest of the page works whatever Recent activity says.
    check: () => expect(screen.getByRole('table', { name: 'Assigned licenses' })).toBeTruthy(),
    end: (calls, sent) => {
      // The page's own load, then one request a press of Try again or Show more, and one a refresh (the oracle's effect).
      const pressed = sent.filter((event) => ['activity.reload', 'activity.more'].includes(event.type)).length
      const refreshed = effectsAlong(activityOracle, undefined, sent).filter((effect) => effect === asksAgain).length
      expect(calls.made('activity')).toHaveLength(1 + pressed + refreshed)
    },
  })

  it("each entry's moment is a <time> with its instant, shown in the viewer's locale", async () => {
    const calls = await renderManage()
    await calls.settle('activity', { output: firstPage })
    const times = activitySection()
      .getAllByRole('listitem')
      .map((item) => item.querySelector('time')!.getAttribute('dateTime'))
    expect(times).toEqual(['2026-11-20T14:05:00.000Z', '2026-11-01T00:00:00.000Z'])
    expect(calls.made('activity')).toEqual([[{ before: null, limit: 10 }]])
    fireEvent.click(activitySection().getByRole('button', { name: 'Show more' }))
    fireEvent.click(activitySection().getByRole('button', { name: 'Show more' }))
    expect(calls.made('activity')).toEqual([[{ before: null, limit: 10 }], [{ before: 'cursor_2', limit: 10 }]])
  })
})

describe("the owner's key rotation in Manage Licenses (component paths of the keyRotation machine)", () => {
  // A request naming no seat has no button: every row names its seat.
  const paths = planPaths(keyRotationModel).paths.filter((path) => !path.steps.some((step) => step.event.type === 'rotation.request' && (step.event as { seat: unknown }).seat === noSeat))
  walkPaths(paths, {
    table: keyRotationViewTable,
    oracle: keyRotationOracle,
    refuse: keyRotationModel.events,
    start: async () => {
      const calls = await renderManage()
      await calls.settle('activity', { output: firstPage })
      return calls
    },
    step: async (event, calls) => {
      await settleActorEvent(calls, {}, event)
      if (event.type === 'rotation.request') fireEvent.click(screen.getByRole('button', { name: 'Regenerate key of Ada Lovelace' }))
      if (event.type === 'rotation.confirm') fireEvent.click(within(rotationDialog()!).getByRole('button', { name: 'Regenerate key' }))
      if (event.type === 'rotation.retry') fireEvent.click(within(rotationDialog()!).getByRole('button', { name: 'Try again' }))
      if (event.type === 'rotation.close') fireEvent.keyDown(rotationDialog() ?? document.body, { key: 'Escape' })
    },
    check: () => {
      for (const key of screen.queryAllByRole('textbox', { name: 'New license key' })) expect((key as HTMLInputElement).value).toBe('PRSM-NEWKY-11111-22222-33333-44444')
    },
    end: (calls, _, path) => {
      const requests = path.steps.filter((step) => step.event.type === 'rotation.confirm' || step.event.type === 'rotation.retry').length
      expect(calls.made('regenerateKey')).toEqual(Array.from({ length: requests }, () => ['seat_new']))
      // Each new key asks Recent activity for its newest page again.
      const keys = path.steps.filter((step) => (step.event.type as string) === 'xstate.done.actor.regenerateKey').length
      expect(calls.made('activity')).toHaveLength(1 + keys)
    },
  })
})
