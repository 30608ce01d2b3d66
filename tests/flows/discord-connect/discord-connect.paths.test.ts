import { discordConnectModel } from '@/testkit/flows/discord-connect/discord-connect.model'
import { discordConnectOracle } from '@/testkit/flows/discord-connect/discord-connect.oracle'
import { describeFlowPaths } from '@/tests/support/flow-paths'

describeFlowPaths(discordConnectModel, discordConnectOracle)
