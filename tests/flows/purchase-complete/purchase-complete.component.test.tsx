// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/src/api/errors'
import { PurchaseCompletePage } from '@/src/features/purchase/components/PurchaseCompletePage'
import { account } from '@/testkit/flows/session/session.model'
import { purchaseCompleteModel } from '@/testkit/flows/purchase-complete/purchase-complete.model'
import { coveringPaths, planPaths } from '@/testkit/model/paths'
import { openOnPendingApi, type PendingApi } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { purchaseCompleteViewTable } from '@/testkit/flows/purchase-complete/purchase-complete.view-table'
import { purchaseCompleteOracle } from '@/testkit/flows/purchase-complete/purchase-complete.oracle'

const plan = planPaths(purchaseCompleteModel)
const ready = 'Thank you! Your licenses are ready: find their keys under My Licenses, and assign seats to your developers under Manage Licenses.'
const onTheirWay = 'Thank you! Your payment went through. Your licenses are being processed and will appear in My Licenses shortly.'

const renderComplete = (input: { success: boolean; sessionId: string | null }) =>
  openOnPendingApi(() => <PurchaseCompletePage success={input.success} sessionId={input.sessionId} />, { account, path: '/account/purchase/complete' })

/** The status call's answer for the machine's outcome: the API says 404 for a session that is not the user's. */
function answer(pending: PendingApi, event: { type: string; output?: unknown; error?: unknown }) {
  if (event.type.startsWith('xstate.error.actor.')) return pending.settle('checkoutStatus', { error: event.error })
  if (event.output === 'unknown') return pending.settle('checkoutStatus', { error: new ApiError({ kind: 'http', status: 404, body: '' }) })
  return pending.settle('checkoutStatus', { output: { status: event.output } })
}

describe('the purchase completion page (component paths of the purchaseComplete machine)', () => {
  afterEach(() => void vi.useRealTimers())

  walkPaths(coveringPaths(purchaseCompleteModel.machine, plan.paths), {
    table: purchaseCompleteViewTable,
    oracle: purchaseCompleteOracle,
    refuse: purchaseCompleteModel.events,
    start: (path) => {
      // The waits between checks are real timers: the path's delay event lets them run out.
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      return { logged, pending: renderComplete(path.input!) }
    },
    step: async (event, { pending }) => {
      if (event.type.startsWith('xstate.after.')) await act(() => vi.advanceTimersByTimeAsync(30_000))
      else if (event.type !== 'xstate.init') await answer(pending, event)
    },
    check: () => {
      for (const link of screen.queryAllByRole('link', { name: 'Go to My Licenses' })) expect(link.getAttribute('href')).toBe('/account')
    },
    end: ({ logged, pending }, _, path) => {
      const failures = path.steps.filter((step) => step.event.type.startsWith('xstate.error.')).length
      expect(logged.mock.calls, 'one log line per failed read').toEqual(
        Array.from({ length: failures }, () => [
          "The checkout's status could not be read: We're experiencing technical difficulties. Please try again later or contact support if the problem persists.",
        ]),
      )
      // One call per check: the first, and one after each wait.
      expect(pending.calls('checkoutStatus')).toHaveLength(path.steps.filter((step) => /^xstate\.(done|error)\./.test(step.event.type)).length)
    },
  })

  it('asks for the session in the address; a made-up or foreign one (404) says Purchase Incomplete', async () => {
    const pending = renderComplete({ success: true, sessionId: 'cs_test_made_up' })
    expect(await screen.findByText('Checking your purchase…')).toBeTruthy()
    expect(pending.calls('checkoutStatus')[0]![0]).toBe('cs_test_made_up')
    await pending.settle('checkoutStatus', { error: new ApiError({ kind: 'http', status: 404, body: '' }) })
    expect(await screen.findByRole('heading', { name: 'Purchase Incomplete' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Choose a license' }).getAttribute('href')).toBe('/#pricing')
  })

  it('keeps Purchase Complete when the server fails: the payment went through [S2.purchase-complete.result]', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const pending = renderComplete({ success: true, sessionId: 'cs_test_1' })
    await pending.settle('checkoutStatus', { error: new ApiError({ kind: 'http', status: 503, body: '' }) })
    expect(await screen.findByRole('heading', { name: 'Purchase Complete' })).toBeTruthy()
    expect(screen.getByText(onTheirWay)).toBeTruthy()
    expect(logged).toHaveBeenCalledExactlyOnceWith(
      "The checkout's status could not be read: We're experiencing technical difficulties. Please try again later or contact support if the problem persists.",
    )
  })

  it('shows the progress note while paid but not yet fulfilled, then the ready text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const pending = renderComplete({ success: true, sessionId: 'cs_test_1' })
    await pending.settle('checkoutStatus', { output: { status: 'processing' } })
    expect(screen.getByRole('heading', { name: 'Purchase Complete' })).toBeTruthy()
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite')
    expect(screen.getByText('Setting up your licenses…')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await pending.settle('checkoutStatus', { output: { status: 'fulfilled' } })
    expect(screen.getByText(ready)).toBeTruthy()
    expect(screen.queryByText('Setting up your licenses…')).toBeNull()
  })
})
