import { invoicesModel } from '@/testkit/flows/invoices/invoices.model'
import { invoicesOracle } from '@/testkit/flows/invoices/invoices.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(invoicesModel, invoicesOracle)
