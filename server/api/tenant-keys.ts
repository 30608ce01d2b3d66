import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose'

/** The tenant's discovery document or keys could not be fetched: sign-in cannot be checked (503). */
export class TenantUnavailableError extends Error {
  readonly status = 503
  readonly headers: Record<string, string> = { 'Retry-After': '5' }
  constructor(cause?: unknown) {
    super('Sign-in could not be checked right now. Please try again in a moment.', { cause })
    this.name = 'TenantUnavailableError'
  }
}

export interface TenantKeysOptions {
  /** How the discovery document and the keys are fetched (the local stack trusts its own certificate). */
  fetch?: typeof fetch
  /** At most one refetch of the keys in this time for a token naming an unknown key (default 30 s). */
  cooldownMs?: number
  /** Keys older than this are fetched again on the next token; the old ones serve if that fails (default 1 h). */
  maxAgeMs?: number
  /** How long a fetch may take (default 5 s). */
  timeoutMs?: number
}

/**
 * The signing keys of a B2C or Entra External ID tenant, as `jwtVerify` asks for them: the
 * discovery document at `metadataUrl` names `jwks_uri`, whose keys are fetched once and cached.
 * A token naming a key the cache does not have makes one refetch (rate-limited), so rotated keys
 * are picked up without a restart. Without keys, or when a refetch fails, the tenant is
 * unavailable (TenantUnavailableError) rather than every token being refused.
 */
export function createTenantKeys(metadataUrl: string, options: TenantKeysOptions = {}): JWTVerifyGetKey {
  const fetchImpl = options.fetch ?? fetch
  const cooldownMs = options.cooldownMs ?? 30_000
  const maxAgeMs = options.maxAgeMs ?? 60 * 60_000
  const timeoutMs = options.timeoutMs ?? 5_000

  let jwksUri: string | undefined
  let keys: { select: ReturnType<typeof createLocalJWKSet>; fetchedAt: number } | undefined
  let lastAttempt = Number.NEGATIVE_INFINITY
  let pending: Promise<void> | undefined

  async function getJson(url: string): Promise<unknown> {
    const response = await fetchImpl(url, { headers: { accept: 'application/json' }, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) })
    if (response.status !== 200) {
      await response.body?.cancel()
      throw new Error(`${url} answered ${response.status}`)
    }
    return response.json()
  }

  async function load() {
    // The discovery document is read again with the keys only when they could not be fetched
    // (the tenant may have moved them); otherwise once.
    if (!jwksUri) {
      const document = (await getJson(metadataUrl)) as { jwks_uri?: unknown } | null
      if (typeof document?.jwks_uri !== 'string') throw new Error(`${metadataUrl} names no jwks_uri`)
      jwksUri = document.jwks_uri
    }
    try {
      const jwks = (await getJson(jwksUri)) as JSONWebKeySet | null
      if (!Array.isArray(jwks?.keys)) throw new Error(`${jwksUri} holds no key set`)
      keys = { select: createLocalJWKSet(jwks), fetchedAt: Date.now() }
    } catch (error) {
      jwksUri = undefined
      throw error
    }
  }

  /** Fetches the keys, once for any number of callers waiting at the same time. */
  function refresh(): Promise<void> {
    if (!pending) {
      lastAttempt = Date.now()
      pending = load().finally(() => {
        pending = undefined
      })
    }
    return pending
  }

  const coolingDown = () => Date.now() - lastAttempt < cooldownMs

  const getKey: JWTVerifyGetKey = async (protectedHeader, token) => {
    if (!keys) await refresh().catch((error: unknown) => Promise.reject(new TenantUnavailableError(error)))
    else if (Date.now() - keys.fetchedAt > maxAgeMs && !coolingDown()) {
      // Stale keys still serve while the tenant cannot be reached.
      await refresh().catch((error: unknown) => console.warn('The tenant’s signing keys could not be refreshed', error))
    }
    try {
      return await keys!.select(protectedHeader, token)
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error
      // Keys being fetched for another token may hold it; otherwise one refetch per cooldown.
      if (pending) await pending.catch(() => undefined)
      else if (coolingDown()) throw error
      else await refresh().catch((cause: unknown) => Promise.reject(new TenantUnavailableError(cause)))
      return keys!.select(protectedHeader, token)
    }
  }

  return getKey
}
