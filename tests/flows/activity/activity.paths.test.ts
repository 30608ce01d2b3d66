import { activityModel } from '@/testkit/flows/activity/activity.model'
import { activityOracle } from '@/testkit/flows/activity/activity.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(activityModel, activityOracle)
