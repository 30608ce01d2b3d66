import { billingPortalModel } from '@/testkit/flows/billing-portal/billing-portal.model'
import { billingPortalOracle } from '@/testkit/flows/billing-portal/billing-portal.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(billingPortalModel, billingPortalOracle)
