import { catalogueRoutes } from './catalogue'
import { customerRoutes } from './customers'
import { eventRoutes } from './events'
import { invoiceRoutes } from './invoices'
import { portalConfigurationRoutes } from './portal-configurations'
import { quoteRoutes } from './quotes'
import type { Route } from './router'
import { sessionRoutes } from './sessions'
import { setupIntentRoutes } from './setup-intents'
import { subscriptionRoutes } from './subscriptions'
import { subscriptionScheduleRoutes } from './subscription-schedules'
import { taxIdRoutes } from './tax-ids'
import { testClockRoutes } from './test-clocks'

/** Every route of the sandbox's Stripe API at /v1. */
export const routes: Route[] = [
  ...customerRoutes,
  ...taxIdRoutes,
  ...setupIntentRoutes,
  ...sessionRoutes,
  ...portalConfigurationRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...subscriptionScheduleRoutes,
  ...quoteRoutes,
  ...catalogueRoutes,
  ...eventRoutes,
  ...testClockRoutes,
]
