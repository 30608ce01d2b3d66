import { manageLicensesModel } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { manageLicensesOracle } from '@/testkit/flows/manage-licenses/manage-licenses.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(manageLicensesModel, manageLicensesOracle)
