import { createHash } from 'node:crypto'
import type { PublicEnv } from '@/common/config-schema'
import { usesSandbox } from '@/common/sandbox-key'

/**
 * The security headers of the site and of the local services, in one place: the build writes the
 * site's into dist/_headers (static hosting), the local server sends the same file's headers, and
 * the identity provider, the API and the payment sandbox get theirs from here.
 * Why each source is there: docs/decisions/0006-security-headers.md.
 */

/** A Content-Security-Policy: each directive with its sources, in the order they are written. */
export type Policy = Record<string, string[]>
export type HeaderSet = Record<string, string>

const self = "'self'"
const none = "'none'"

/** What the site's policy depends on: where the API, the identity provider and Stripe.js are. */
export type SiteEnv = Pick<PublicEnv, 'VITE_API_BASE_URL' | 'VITE_AUTH_AUTHORITY_BASE' | 'VITE_STRIPE_PUBLISHABLE_KEY'>

/** Stripe.js and the frames of its Payment Element, as Stripe's security guide lists them. */
export const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

/** A configured address's origin; a path (the local stack) is on the site's own origin. */
function originOf(addressOrPath: string): string {
  return addressOrPath.startsWith('/') ? self : new URL(addressOrPath).origin
}

const unique = (sources: string[]) => [...new Set(sources)]

/**
 * The site's policy. Scripts: the site's own files and exactly the inline scripts of the built
 * pages (by hash); Stripe.js only with a real Stripe key (the sandbox's is on the site). Styles
 * allow inline: Mantine writes <style> elements and style attributes. Images: any https address
 * (avatars are addresses people enter). The identity provider is fetched (token endpoint) and
 * framed (silent renewal); hidden frames land on the site's redirect page, hence frame-src 'self'.
 */
export function sitePolicy({ env, scriptHashes, frameAncestors }: { env: SiteEnv; scriptHashes: string[]; frameAncestors: 'none' | 'self' }): Policy {
  const identity = originOf(env.VITE_AUTH_AUTHORITY_BASE)
  const stripe = !usesSandbox(env.VITE_STRIPE_PUBLISHABLE_KEY)
  return {
    'default-src': [self],
    'script-src': [self, ...unique(scriptHashes).sort(), ...(stripe ? stripeSources.script : [])],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'https:'],
    'connect-src': unique([self, originOf(env.VITE_API_BASE_URL), identity, ...(stripe ? stripeSources.connect : [])]),
    'frame-src': unique([self, identity, ...(stripe ? stripeSources.frame : [])]),
    'object-src': [none],
    'base-uri': [none],
    'form-action': [self],
    'frame-ancestors': [`'${frameAncestors}'`],
  }
}

export function serializePolicy(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ')
}

/** Powerful features the site never uses; the payment request API only for Stripe's frames. */
const deniedFeatures = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]

export function permissionsPolicy(paymentOrigins: string[] = []): string {
  const payment = paymentOrigins.length ? `payment=(self ${paymentOrigins.map((origin) => `"${origin}"`).join(' ')})` : 'payment=()'
  return [...deniedFeatures.map((feature) => `${feature}=()`), payment].join(', ')
}

/** Two years, the subdomains included: what HSTS preload lists ask for (preload itself is the operator's call). */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains'

function baseHeaders(paymentOrigins: string[] = []): HeaderSet {
  return {
    'Strict-Transport-Security': strictTransportSecurity,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(paymentOrigins),
  }
}

/** Headers for a path pattern, in the order a static host applies them; `detach` drops an earlier rule's header. */
export interface HeaderRule {
  path: string
  comment?: string
  detach?: string[]
  headers: HeaderSet
}

/** Where MSAL's hidden frames and popups land: the only pages the site itself may frame. */
export const framedPaths = '/auth/*'

/** The site's headers as rules for the static host: everything, then the redirect page's frame-ancestors. */
export function siteHeaderRules(env: SiteEnv, scriptHashes: string[]): HeaderRule[] {
  const stripe = !usesSandbox(env.VITE_STRIPE_PUBLISHABLE_KEY)
  return [
    {
      path: '/*',
      comment: 'Every page and file of the site.',
      headers: { 'Content-Security-Policy': serializePolicy(sitePolicy({ env, scriptHashes, frameAncestors: 'none' })), ...baseHeaders(stripe ? ['https://js.stripe.com'] : []) },
    },
    {
      path: framedPaths,
      comment: "MSAL's silent renewal loads the redirect page (no inline script) in a hidden frame of the site.",
      detach: ['Content-Security-Policy'],
      headers: { 'Content-Security-Policy': serializePolicy(sitePolicy({ env, scriptHashes: [], frameAncestors: 'self' })) },
    },
  ]
}

/**
 * The local services on the site's origin. The identity provider's pages run in MSAL's hidden
 * frame (frame-ancestors 'self'); their one script is a file, and oidc-provider's built-in pages
 * style themselves inline. The sandbox's hosted pages are plain forms with a stylesheet. The API
 * answers JSON only.
 */
export const servicePolicies = {
  identity: { 'default-src': [none], 'script-src': [self], 'style-src': [self, "'unsafe-inline'"], 'img-src': [self], 'form-action': [self], 'base-uri': [none], 'frame-ancestors': [self] },
  payments: { 'default-src': [none], 'style-src': [self], 'img-src': [self], 'form-action': [self], 'base-uri': [none], 'frame-ancestors': [none] },
  api: { 'default-src': [none], 'base-uri': [none], 'frame-ancestors': [none] },
} satisfies Record<string, Policy>

export function serviceHeaders(service: keyof typeof servicePolicies): HeaderSet {
  return { 'Content-Security-Policy': serializePolicy(servicePolicies[service]), ...baseHeaders() }
}

/** The CSP hash source of each inline script of a page (data blocks such as JSON-LD do not run and need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && type !== 'module' && !type.includes('javascript')) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}
