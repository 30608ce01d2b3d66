import { quotesModel } from '@/testkit/flows/quotes/quotes.model'
import { quotesOracle } from '@/testkit/flows/quotes/quotes.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(quotesModel, quotesOracle)
