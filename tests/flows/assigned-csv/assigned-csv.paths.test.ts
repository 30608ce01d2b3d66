import { assignedCsvModel } from '@/testkit/flows/assigned-csv/assigned-csv.model'
import { assignedCsvOracle } from '@/testkit/flows/assigned-csv/assigned-csv.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(assignedCsvModel, assignedCsvOracle)
