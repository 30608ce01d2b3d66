import { feedTokensModel } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { feedTokensOracle } from '@/testkit/flows/feed-tokens/feed-tokens.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(feedTokensModel, feedTokensOracle)
