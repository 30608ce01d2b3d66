import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { feedTokensMachine } from '@/machines/feed-tokens.machine'

/** Feed tokens' I/O over the accounts API: GET, POST /api/feed-tokens, DELETE /api/feed-tokens/{id}, POST /api/feed-tokens/{id}/resume and /api/feed-tokens/revoke-by-creator. */
export function feedTokensActors(api: AccountsApi) {
  return requestsFor<typeof feedTokensMachine>()({
    loadTokens: ({ signal }) => api.feedTokens(signal),
    createToken: ({ input, signal }) => api.createFeedToken(input, signal),
    revokeToken: ({ input, signal }) => api.revokeFeedToken(input.tokenId, signal),
    resumeToken: ({ input, signal }) => api.resumeFeedToken(input.tokenId, signal),
    revokeTokensBy: ({ input, signal }) => api.revokeFeedTokensBy({ oid: input.oid }, signal),
  })
}
