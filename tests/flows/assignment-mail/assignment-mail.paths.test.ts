import { assignmentMailModel } from '@/testkit/flows/assignment-mail/assignment-mail.model'
import { assignmentMailOracle } from '@/testkit/flows/assignment-mail/assignment-mail.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(assignmentMailModel, assignmentMailOracle)
