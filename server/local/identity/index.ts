import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JWK } from 'jose'
import { standInStylesheet } from '../assets'
import type { DemoPerson } from '../demo-accounts'
import { createInteractions } from './interactions'
import { loadOrCreateKeys, publicKeys } from './keys'
import { createPeopleDirectory } from './people'
import { clientInfoRequested, createPolicyProvider } from './policy-provider'

export interface IdentityProviderOptions {
  origin: string
  localDir: string
  people: readonly DemoPerson[]
  clientId?: string
  apiAudience?: string
  /** The URI the API's scopes start with (B2C: https://<tenant>.onmicrosoft.com/<api>/). */
  apiScopeBase?: string
  policies?: { signUpSignIn: string; passwordReset: string }
  accessTokenTtlSeconds?: number
  /** The local tenant's id, in its issuer and in client_info. */
  tenantId?: string
}

/** The local tenant's id (a B2C tenant's is a GUID too). */
export const localTenantId = '00000000-0000-4000-8000-0000000b2c00'

export interface IdentityProvider {
  /** Answers every request whose path starts with /idp. */
  handle(req: IncomingMessage, res: ServerResponse): void
  /** The tenant's one issuer of every token, for both policies, as B2C's: `${origin}/idp/<tenant-id>/v2.0/` (AUTH_ISSUER). */
  issuer: string
  /** The same, as a list (kept for callers that take several). */
  issuers: string[]
  /** The API's client id, the access tokens' `aud` (AUTH_AUDIENCE). */
  audience: string
  /** The sign-in policy's discovery document at B2C's path (AUTH_METADATA_URL). */
  metadataUrl: string
  publicJwks: { keys: JWK[] }
  authority(policy: 'signUpSignIn' | 'passwordReset'): string
  /** The sign-up/sign-in policy: the only one whose tokens the API takes (AUTH_POLICIES). */
  signInPolicy: string
}

const assets: Record<string, { contentType: string; read(): Promise<Buffer> }> = {
  [`/idp/assets/${standInStylesheet.name}`]: standInStylesheet,
  '/idp/assets/submit.js': { contentType: 'text/javascript; charset=utf-8', read: () => readFile(new URL('./assets/submit.js', import.meta.url)) },
}

/**
 * The local stand-in for the B2C tenant: one OpenID Connect provider per user flow under /idp,
 * sharing signing keys and people.
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const policies = options.policies ?? { signUpSignIn: 'B2C_1_susi', passwordReset: 'B2C_1_reset' }
  const apiScopeBase = options.apiScopeBase ?? 'https://prismlibrary.onmicrosoft.com/accounts-api/'
  const audience = options.apiAudience ?? 'prism-accounts-api'
  const keys = await loadOrCreateKeys(options.localDir)
  const people = createPeopleDirectory(options.people, options.localDir)
  const tenantId = options.tenantId ?? localTenantId
  const issuer = `${options.origin}/idp/${tenantId}/v2.0/`
  const common = {
    origin: options.origin,
    issuer,
    tenantId,
    clientId: options.clientId ?? 'prism-spa-local',
    apiAudience: audience,
    apiResource: apiScopeBase.replace(/\/$/, ''),
    apiScopes: { read: `${apiScopeBase}accounts.read`, write: `${apiScopeBase}accounts.write` },
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    jwks: keys.jwks,
    cookieKeys: keys.cookieKeys,
    people,
  }
  // MSAL lowercases authorities, and B2C policy names are not case-sensitive: paths use lowercase.
  const providers = new Map([policies.signUpSignIn, policies.passwordReset].map((policy) => [policy.toLowerCase(), createPolicyProvider({ ...common, policy })]))
  const interactions = createInteractions({ providers, people, policies })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', options.origin)
    const asset = assets[url.pathname]
    if (asset) {
      res.writeHead(200, { 'Content-Type': asset.contentType, 'Cache-Control': 'no-cache' }).end(await asset.read())
      return
    }
    const [, , requestedPolicy, ...rest] = url.pathname.split('/')
    const policy = requestedPolicy?.toLowerCase()
    const provider = policy ? providers.get(policy) : undefined
    if (!provider) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'not_found', error_description: 'No such policy' }))
      return
    }
    if (rest[0] === 'interaction') {
      await interactions.handle(policy!, provider, req, res)
      return
    }
    if (req.method === 'POST' && rest.join('/') === 'token') await readTokenRequest(req)
    // The provider's routes are under /idp/<policy>; B2C's discovery path adds /v2.0 (what MSAL asks for).
    const route = (req.url!.slice(`/idp/${requestedPolicy}`.length) || '/').replace(/^\/v2\.0\/\.well-known\/openid-configuration(?=$|\?)/, '/.well-known/openid-configuration')
    req.url = route
    ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = `/idp/${policy}${route}`
    provider.callback()(req, res)
  }

  return {
    handle: (req, res) => {
      handle(req, res).catch((error: unknown) => {
        console.error('Identity provider error', error)
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Identity provider error')
      })
    },
    issuer,
    issuers: [issuer],
    audience,
    metadataUrl: `${options.origin}/idp/${policies.signUpSignIn.toLowerCase()}/v2.0/.well-known/openid-configuration`,
    publicJwks: publicKeys(keys.jwks),
    authority: (policy) => `${options.origin}/idp/${policies[policy].toLowerCase()}`,
    signInPolicy: policies.signUpSignIn,
  }
}

/**
 * MSAL adds offline_access to every refresh request; the provider refuses a scope it did not
 * grant there (invalid_scope). The parsed body is handed to the provider without it. Whether the
 * client asked for B2C's client_info is kept for the answer.
 */
async function readTokenRequest(req: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  ;(req as IncomingMessage & { [clientInfoRequested]?: boolean })[clientInfoRequested] = form.get('client_info') === '1'
  if (form.get('grant_type') === 'refresh_token' && form.has('scope')) {
    form.set(
      'scope',
      form
        .get('scope')!
        .split(' ')
        .filter((scope) => scope !== 'offline_access')
        .join(' '),
    )
  }
  ;(req as IncomingMessage & { body?: string }).body = form.toString()
}
