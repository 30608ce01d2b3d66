// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Trial } from '@/common/billing-contract'
import { MyLicensesPage } from '@/src/features/my-licenses/components/MyLicensesPage'
import { planPaths } from '@/testkit/model/paths'
import { account } from '@/testkit/flows/session/session.model'
import { startedTrial, trialLicense, trialModel } from '@/testkit/flows/trial/trial.model'
import { trialOracle } from '@/testkit/flows/trial/trial.oracle'
import { trialViewTable } from '@/testkit/flows/trial/trial.view-table'
import { pendingApi, renderAccountPage, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'

const plan = planPaths(trialModel)

/** The person's presses: the empty page's start, the trial card's extension. */
const press = pressing({ 'trial.start': 'Start 30-day free trial', 'trial.extend': 'Extend trial by 14 days' })

/** My Licenses as loaded: empty, or (a path that begins with the extension) with a trial found there. */
async function open(found: 'empty' | 'trial') {
  const pending = pendingApi()
  const { session } = renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account })
  await pending.settle('licenses', { output: found === 'trial' ? [trialLicense(startedTrial)] : [] })
  await screen.findByRole('button', { name: found === 'trial' ? 'Extend trial by 14 days' : 'Start 30-day free trial' })
  return { pending, session }
}

/** A trial started or extended: the page loads its cards again, and the API answers the trial's. */
async function settle(pending: PendingApi, event: { type: string; output?: unknown; error?: unknown }) {
  if (!(await settleActorEvent(pending, {}, event))) return false
  if (event.type.startsWith('xstate.done.actor.')) await pending.settle('licenses', { output: [trialLicense(event.output as Trial)] })
  return true
}

const beginsWithExtension = (steps: readonly { event: { type: string } }[]) => steps.find((step) => step.event.type.startsWith('trial.'))?.event.type === 'trial.extend'

describe('My Licenses with a trial (component paths of the trial machine)', () => {
  walkPaths(plan.paths, {
    table: trialViewTable,
    oracle: trialOracle,
    refuse: trialModel.events,
    start: (path) => open(beginsWithExtension(path.steps) ? 'trial' : 'empty'),
    step: async (event, { pending }) => {
      if (!(await settle(pending, event))) press(event)
    },
    end: ({ pending, session }, sent) => {
      // One request per press; once started, the session holds the account as the trial left it: the sidebar shows Manage Licenses and Billing.
      expect(pending.made('startTrial').length).toBe(sent.filter((event) => event.type === 'trial.start').length)
      expect(pending.made('extendTrial').length).toBe(sent.filter((event) => event.type === 'trial.extend').length)
      const started = sent.some((event) => event.type === 'xstate.done.actor.startTrial')
      expect(session.getSnapshot().context.account?.allowedPriceId ?? null).toBe(started ? 'commercial-plus' : account.allowedPriceId)
    },
  })

  it("shows the trial's card as a trial, with its end, and no start for a seat manager", async () => {
    const pending = pendingApi()
    renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account, organisation: { role: 'seat-manager' } as never })
    await pending.settle('licenses', { output: [] })
    await screen.findByText('No Licenses Assigned')
    expect(screen.queryByRole('button', { name: 'Start 30-day free trial' })).toBeNull()
  })

  it("says the trial's end on its card, and offers no second extension", async () => {
    const { pending } = await open('empty')
    fireEvent.click(screen.getByRole('button', { name: 'Start 30-day free trial' }))
    await pending.settle('startTrial', { output: { ...startedTrial, extended: true } })
    await pending.settle('licenses', { output: [{ ...trialLicense(startedTrial), trialExtended: true }] })
    expect(await screen.findByText('Trial ends on January 1, 2027')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Extend trial by 14 days' })).toBeNull()
  })
})
