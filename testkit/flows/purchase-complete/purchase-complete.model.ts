/** Model of the purchase completion page's machine for generated paths: tests, the path catalogue and coverage. */
import type { EventFromLogic } from 'xstate'
import { purchaseCompleteMachine, type PurchaseCompleteInput } from '@/machines/purchase-complete.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { logged } from './purchase-complete.oracle'

export const paidReturn: PurchaseCompleteInput = { success: true, sessionId: 'cs_test_1' }
export const cancelledReturn: PurchaseCompleteInput = { success: false, sessionId: null }
export const returnWithoutSession: PurchaseCompleteInput = { success: true, sessionId: null }

/** The wait between two checks running out, as the machine names it (`after: { pollDelay }`). */
export const waitOver = { type: 'xstate.after.pollDelay.purchaseComplete.processing' } as unknown as EventFromLogic<typeof purchaseCompleteMachine>

export const fixtures: ActorFixtures<typeof purchaseCompleteMachine> = {
  loadCheckoutStatus: {
    done: ['fulfilled', 'processing', 'open', 'unknown'],
    error: [new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")],
  },
}

export const purchaseCompleteModel: PathPlan<typeof purchaseCompleteMachine> = {
  name: 'purchaseComplete',
  machine: purchaseCompleteMachine,
  actors: Object.keys(fixtures),
  effects: { actions: { logFailure: (params: { message: string }) => logged(params.message) } },
  inputs: [paidReturn, cancelledReturn, returnWithoutSession],
  events: [waitOver, ...actorEvents(fixtures)],
}
