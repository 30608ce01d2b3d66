import { invoiceOrderModel } from '@/testkit/flows/invoice-order/invoice-order.model'
import { invoiceOrderOracle } from '@/testkit/flows/invoice-order/invoice-order.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(invoiceOrderModel, invoiceOrderOracle)
