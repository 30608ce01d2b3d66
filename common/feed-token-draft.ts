import * as v from 'valibot'
import { createFeedTokenRequestSchema, type CreateFeedTokenRequest } from './contract'

/** What the create form sends: the typed name, days and scope, before the contract has checked them. */
export interface FeedTokenDraft {
  name: string
  expiresInDays: number | string
  /** Package patterns, separated by commas or white space; empty: all the subscription covers. */
  packages?: string
  maxNetworks?: number | string
  suspendOnLeak?: boolean
}

/** The request a draft makes (name trimmed), or null when the contract refuses it; the machines have no valibot of their own. */
export function feedTokenRequestOf(draft: FeedTokenDraft): CreateFeedTokenRequest | null {
  const parsed = v.safeParse(createFeedTokenRequestSchema, draft)
  return parsed.success ? parsed.output : null
}
