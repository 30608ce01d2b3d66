/** Model of the billing portal machine for generated paths: tests, the path catalogue and coverage. */
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { leavesFor } from './billing-portal.oracle'

export const portalUrl = 'https://localhost:5173/sandbox/portal/bps_1'
export const fixtures: ActorFixtures<typeof billingPortalMachine> = {
  createPortalSession: { done: [{ url: portalUrl }], error: [new Error('There was a problem connecting to the server. Please try again.')] },
}

export const billingPortalModel: PathPlan<typeof billingPortalMachine> = {
  name: 'billingPortal',
  machine: billingPortalMachine,
  actors: Object.keys(fixtures),
  // The view sends the browser to the address on this action.
  effects: { actions: { goToPortal: (params: { url: string }) => leavesFor(params.url) } },
  events: [{ type: 'portal.open', returnUrl: 'https://localhost:5173/account/profile' }, { type: 'error.dismiss' }, ...actorEvents(fixtures)],
}
