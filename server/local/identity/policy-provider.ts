import type { IncomingMessage } from 'node:http'
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { decodeJwt, type JWK } from 'jose'
import { logoutPage, messagePage } from './pages'
import { idpClaim, type PeopleDirectory } from './people'

export interface PolicySettings {
  origin: string
  /** The tenant's issuer, one for every user flow as in B2C: `${origin}/idp/<tenant-id>/v2.0/`. */
  issuer: string
  /** The tenant's id (the `utid` MSAL reads from client_info). */
  tenantId: string
  policy: string
  clientId: string
  apiAudience: string
  /** The API's resource (scope prefix without the trailing slash). */
  apiResource: string
  apiScopes: { read: string; write: string }
  accessTokenTtlSeconds: number
  jwks: { keys: JWK[] }
  cookieKeys: string[]
  people: PeopleDirectory
}

const day = 24 * 60 * 60

/** Marks a token request whose client asked for B2C's client_info (MSAL always does). */
export const clientInfoRequested = Symbol('clientInfoRequested')

/**
 * One B2C user flow as an OpenID Connect provider at `${origin}/idp/${policy}`, issuing
 * B2C-shaped tokens (oid, emails, given_name, family_name, idp, tfp; scp for the API) under the
 * tenant's one issuer, as B2C does for every user flow of a tenant.
 */
export function createPolicyProvider(settings: PolicySettings): Provider {
  const { origin, policy, apiResource, apiScopes } = settings
  const shortScope = (scope: string) => scope.slice(scope.lastIndexOf('/') + 1)
  const apiScopeList = [apiScopes.read, apiScopes.write]

  const configuration: Configuration = {
    clients: [
      {
        client_id: settings.clientId,
        client_name: 'Prism',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}/`, `${origin}/auth/redirect.html`],
        post_logout_redirect_uris: [`${origin}/`],
      },
    ],
    jwks: settings.jwks as Configuration['jwks'],
    cookies: { keys: settings.cookieKeys },
    // B2C puts the user's claims in the ID token.
    conformIdTokenClaims: false,
    claims: { openid: ['sub', 'oid', 'emails', 'email_verified', 'name', 'given_name', 'family_name', 'idp', 'tfp'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    async findAccount(_ctx, id) {
      const person = settings.people.find(id)
      if (!person) return undefined
      return {
        accountId: person.oid,
        claims: () => ({
          sub: person.oid,
          oid: person.oid,
          emails: [person.email],
          email_verified: person.emailVerified ?? true,
          name: `${person.firstName} ${person.lastName}`.trim(),
          given_name: person.firstName,
          family_name: person.lastName,
          idp: idpClaim[person.provider],
          tfp: policy,
        }),
      }
    },
    interactions: { url: (_ctx, interaction) => `/idp/${policy.toLowerCase()}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // MSAL never sends `resource`: the API's scopes name it.
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== apiResource) throw new errors.InvalidTarget()
          return {
            scope: apiScopeList.join(' '),
            audience: settings.apiAudience,
            accessTokenTTL: settings.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html'
          ctx.body = logoutPage(form)
        },
      },
    },
    // MSAL asks for offline_access on every request; B2C issues refresh tokens to SPAs regardless.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // B2C grants the API's scopes without a consent screen, also when first asked for later.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId
      if (!accountId || !ctx.oidc.client) return undefined
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId)
      const grant = (grantId && (await ctx.oidc.provider.Grant.find(grantId))) || new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId })
      grant.addOIDCScope('openid profile email offline_access')
      grant.addOIDCClaims(['oid', 'emails', 'email_verified', 'name', 'given_name', 'family_name', 'idp', 'tfp'])
      grant.addResourceScope(apiResource, apiScopeList.join(' '))
      await grant.save()
      return grant
    },
    // The API reads B2C's short scope names in `scp`, and who the caller is from `oid`, `emails` and
    // `email_verified` (false only for a person marked unverified: a tenant's unconfirmed address).
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined
      const person = settings.people.find(token.accountId)
      const granted = String(token.scope ?? '')
        .split(' ')
        .filter((scope) => apiScopeList.includes(scope))
      return { scp: granted.map(shortScope).join(' '), oid: token.accountId, emails: person ? [person.email] : [], email_verified: person?.emailVerified ?? true, tfp: policy }
    },
    // B2C's access tokens: `typ: JWT`, the client in `azp`, version 1.0, the scopes only in `scp`.
    formats: {
      customizers: {
        jwt: (_ctx, _token, jwt) => {
          jwt.header = { ...jwt.header, typ: 'JWT' }
          const { scope: _scope, client_id: azp, ...claims } = jwt.payload
          jwt.payload = { ...claims, azp, ver: '1.0', nbf: claims.iat }
        },
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,
    ttl: {
      AccessToken: settings.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: day,
      Grant: day,
      // SPA refresh tokens last 24 hours, as in B2C.
      RefreshToken: day,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = messagePage('Sign-in error', String(out.error_description ?? out.error))
    },
  }

  // The routes stay under /idp/<policy> (index.ts mounts them there); only the issuer is the tenant's.
  const provider = new Provider(settings.issuer, configuration)
  // B2C answers client_info=1 with the account's uid (object id and policy) and the tenant id.
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: unknown; client_info?: string } | undefined
    if (!(ctx.req as IncomingMessage & { [clientInfoRequested]?: boolean })[clientInfoRequested] || typeof body?.id_token !== 'string') return
    const { oid, sub } = decodeJwt(body.id_token)
    body.client_info = Buffer.from(JSON.stringify({ uid: `${String(oid ?? sub)}-${policy.toLowerCase()}`, utid: settings.tenantId })).toString('base64url')
  })
  // B2C redeems a refresh token for any scope the user consented to (accounts.write after a
  // sign-in that asked only for accounts.read); the access token stays limited to the grant.
  Object.defineProperty(provider.RefreshToken.prototype, 'scopes', {
    get(this: { scope?: string }) {
      return new Set([...(this.scope?.split(' ') ?? []), ...apiScopeList])
    },
  })
  return provider
}
