/**
 * Every route of the accounts API (spec section 7), named once: the SPA's client builds its
 * addresses from here, and the server's sub-apps declare their routes with the same strings. A
 * route is its method, the sub-app it belongs to (mounted with `app.route(mount, …)` under
 * `apiBase`) and its path inside that sub-app, in Hono's spelling (`:param`). A new route starts
 * here: docs/new-endpoint.md.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Where the accounts API is served; the SPA's configured base address ends with it. */
export const apiBase = '/api'

/** Each sub-app's prefix; several sub-apps may share one (the Stripe calls). */
export const apiMounts = {
  auth: '/auth',
  licenses: '/licenses',
  feedTokens: '/feed-tokens',
  activity: '/account/activity',
  account: '/account',
  organisationInvitations: '/organisation/invitations',
  organisation: '/organisation',
  invitations: '/invitations',
  discord: '/discord',
  stripe: '/stripe',
  renewalChanges: '/stripe/renewals',
  renewals: '/renewals',
  products: '/products',
  stripeWebhook: '/stripe/webhook',
  feed: '/feed',
} as const
type Mounts = typeof apiMounts

/** The path under apiBase, as Hono joins a mount and a sub-app's route (`/` is the mount itself). */
type Joined<Mount extends string, Route extends string> = Route extends '/' ? Mount : `${Mount}${Route}`

export interface ApiRoute<Path extends string = string, Route extends string = string> {
  method: ApiMethod
  mount: string
  /** The path inside the sub-app, as the sub-app declares it (its literal type gives Hono the parameters' names). */
  route: Route
  /** The whole path under apiBase, with its `:param`s. */
  path: Path
  /** The spec writes this path with a trailing slash (`/api/account/`): the SPA sends it so; Hono's non-strict routing serves both. */
  slash?: true
  /**
   * Called without a bearer token by someone other than the SPA, and why: no client function, no
   * permission (it checks its own credentials), no fault-matrix row.
   */
  open?: string
}

function at<const Mount extends keyof Mounts, const Route extends string>(
  method: ApiMethod,
  mount: Mount,
  route: Route,
  more: Pick<ApiRoute, 'slash' | 'open'> = {},
): ApiRoute<Joined<Mounts[Mount], Route>, Route> {
  const path = (route === '/' ? apiMounts[mount] : `${apiMounts[mount]}${route}`) as Joined<Mounts[Mount], Route>
  return { method, mount: apiMounts[mount], route, path, ...more }
}

const slash = { slash: true } as const

export const apiRoutes = {
  login: at('POST', 'auth', '/login'),
  licenses: at('GET', 'licenses', '/'),
  assignedLicenses: at('GET', 'licenses', '/assigned'),
  assignedCsv: at('GET', 'licenses', '/assigned.csv'),
  assign: at('POST', 'licenses', '/assign'),
  unassign: at('POST', 'licenses', '/unassign'),
  resendSeatMail: at('POST', 'licenses', '/:licenseId/resend'),
  regenerateKey: at('POST', 'licenses', '/:licenseId/regenerate-key'),
  licenseFile: at('GET', 'licenses', '/:licenseId/license-file'),
  feedTokens: at('GET', 'feedTokens', '/'),
  createFeedToken: at('POST', 'feedTokens', '/'),
  revokeFeedToken: at('DELETE', 'feedTokens', '/:id'),
  resumeFeedToken: at('POST', 'feedTokens', '/:id/resume'),
  revokeFeedTokensBy: at('POST', 'feedTokens', '/revoke-by-creator'),
  activity: at('GET', 'activity', '/'),
  account: at('GET', 'account', '/', slash),
  updateAccount: at('PUT', 'account', '/', slash),
  stats: at('GET', 'account', '/stats', slash),
  connectDiscord: at('POST', 'discord', '/connect'),
  organisation: at('GET', 'organisation', '/'),
  changeRole: at('PUT', 'organisation', '/members/:oid'),
  removeMember: at('DELETE', 'organisation', '/members/:oid'),
  offerTransfer: at('POST', 'organisation', '/transfer'),
  withdrawTransfer: at('DELETE', 'organisation', '/transfer'),
  acceptTransfer: at('POST', 'organisation', '/transfer/accept'),
  declineTransfer: at('POST', 'organisation', '/transfer/decline'),
  invitations: at('GET', 'organisationInvitations', '/'),
  invite: at('POST', 'organisationInvitations', '/'),
  resendInvitation: at('POST', 'organisationInvitations', '/:id/resend'),
  revokeInvitation: at('DELETE', 'organisationInvitations', '/:id'),
  // The secret travels in the body, never in a path a log or a proxy writes down (issue 48).
  invitationOffer: at('POST', 'invitations', '/offer'),
  acceptInvitation: at('POST', 'invitations', '/accept'),
  createPortalSession: at('POST', 'stripe', '/create-customer-portal-session'),
  hasDefaultPaymentMethod: at('GET', 'stripe', '/has-default-payment-method'),
  createSetupIntent: at('GET', 'stripe', '/create-setup-intent'),
  saveDefaultPaymentMethod: at('POST', 'stripe', '/save-default-payment-method'),
  upgradePreview: at('GET', 'stripe', '/upgrade-preview'),
  upgrade: at('POST', 'stripe', '/upgrade-community-subscription'),
  checkoutStatus: at('GET', 'stripe', '/checkout-sessions/:sessionId'),
  createCheckoutSession: at('POST', 'stripe', '/create-checkout-session'),
  invoices: at('GET', 'stripe', '/invoices'),
  companyDetails: at('GET', 'stripe', '/company'),
  saveCompanyDetails: at('PUT', 'stripe', '/company'),
  payByInvoice: at('POST', 'stripe', '/invoice-orders'),
  addSeatsByInvoice: at('POST', 'stripe', '/invoice-orders/seats'),
  startTrial: at('POST', 'stripe', '/trial'),
  extendTrial: at('POST', 'stripe', '/trial/extension'),
  quotes: at('GET', 'stripe', '/quotes'),
  requestQuote: at('POST', 'stripe', '/quotes'),
  acceptQuote: at('POST', 'stripe', '/quotes/:id/accept'),
  quotePdf: at('GET', 'stripe', '/quotes/:id/pdf'),
  setRenewalSeats: at('PUT', 'renewalChanges', '/:id/seats'),
  setAutoRenew: at('PUT', 'renewalChanges', '/:id/auto-renew'),
  renewals: at('GET', 'renewals', '/'),
  product: at('GET', 'products', '/:pid'),
  stripeWebhook: at('POST', 'stripeWebhook', '/', { open: 'Stripe sends its events here, signed with the endpoint secret, never the SPA.' }),
  feedAuthorize: at('GET', 'feed', '/authorize', { open: "A package feed's proxy (nginx auth_request) asks with the seat holder's Basic credentials, never the SPA." }),
  feedV3: at('GET', 'feed', '/v3/*', { open: "The package feed's metadata (NuGet v3), proxied by nginx with the build's Basic credentials, never the SPA." }),
} as const

/** The public keys license files are signed with (a JWKS), outside the API: anyone may read it, caches may keep it (docs/license-files.md). */
export const licensingKeysPath = '/.well-known/prism/licensing-keys.json'

export type ApiRouteName = keyof typeof apiRoutes

/** The names of a path's parameters, in order: `/licenses/:licenseId/resend` → ['licenseId']. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}` ? [Name, ...ParamNames<`/${Rest}`>] : Path extends `${string}:${infer Name}` ? [Name] : []
type Strings<Names extends string[]> = { [Index in keyof Names]: string }
/** A value for each parameter of the route's path, in order. */
export type ApiParams<Name extends ApiRouteName> = Strings<ParamNames<(typeof apiRoutes)[Name]['path']>>

/** The route's path under apiBase with its parameters filled in, each encoded as one segment. */
export function apiPath<Name extends ApiRouteName>(name: Name, ...values: ApiParams<Name>): string {
  const route: ApiRoute = apiRoutes[name]
  const params = [...(values as string[])]
  const path = route.path.replace(/:[^/]+/g, () => encodeURIComponent(params.shift()!))
  return route.slash ? `${path}/` : path
}

/** What a call to the route sends: its method and its path. */
export const apiCall = <Name extends ApiRouteName>(name: Name, ...values: ApiParams<Name>) => ({ method: apiRoutes[name].method, path: apiPath(name, ...values) })
