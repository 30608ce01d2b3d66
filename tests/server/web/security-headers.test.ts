import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { formatHeadersFile, headersForPath, maxLineLength, parseHeadersFile } from '@/server/web/headers-file'
import { inlineScriptHashes, serializePolicy, serviceHeaders, siteHeaderRules, sitePolicy, type SiteEnv } from '@/server/web/security-headers'

const localStack: SiteEnv = { VITE_API_BASE_URL: '/api', VITE_AUTH_AUTHORITY_BASE: '/idp', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox_local' }
const deployment: SiteEnv = {
  VITE_API_BASE_URL: 'https://accounts.example.com/api',
  VITE_AUTH_AUTHORITY_BASE: 'https://example.b2clogin.com/example.onmicrosoft.com',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc123',
}
const hash = "'sha256-abc='"

describe('the site policy', () => {
  it('keeps everything on the site for the local stack, whose services share its origin', () => {
    const policy = sitePolicy({ env: localStack, scriptHashes: [hash], frameAncestors: 'none' })
    expect(policy['script-src']).toEqual(["'self'", hash])
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy['frame-src']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['object-src']).toEqual(["'none'"])
  })

  it("names the identity provider, the API and Stripe's origins only where each is needed", () => {
    const policy = sitePolicy({ env: deployment, scriptHashes: [], frameAncestors: 'none' })
    expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(policy['connect-src']).toEqual(["'self'", 'https://accounts.example.com', 'https://example.b2clogin.com', 'https://api.stripe.com'])
    expect(policy['frame-src']).toEqual(["'self'", 'https://example.b2clogin.com', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'])
    expect(policy['default-src']).toEqual(["'self'"])
  })

  it('never lets scripts run inline or from strings', () => {
    for (const env of [localStack, deployment]) {
      const sources = sitePolicy({ env, scriptHashes: [hash, hash], frameAncestors: 'self' })['script-src']
      expect(sources).not.toContain("'unsafe-inline'")
      expect(sources).not.toContain("'unsafe-eval'")
      expect(sources?.filter((source) => source === hash)).toHaveLength(1)
    }
  })

  it('is written as directives separated by semicolons', () => {
    expect(serializePolicy({ 'default-src': ["'self'"], 'img-src': ["'self'", 'https:'] })).toBe("default-src 'self'; img-src 'self' https:")
  })
})

describe("the site's header rules", () => {
  it('allow the payment request API for Stripe only when Stripe is used', () => {
    const permissions = (env: SiteEnv) => headersForPath(siteHeaderRules(env, []), '/')['Permissions-Policy']
    expect(permissions(localStack)).toContain('payment=()')
    expect(permissions(deployment)).toContain('payment=(self "https://js.stripe.com")')
    expect(permissions(localStack)).toContain('camera=()')
  })

  it('let the site frame only the redirect page, which has no inline script', () => {
    const rules = siteHeaderRules(localStack, [hash])
    expect(headersForPath(rules, '/')['Content-Security-Policy']).toContain(`script-src 'self' ${hash};`)
    expect(headersForPath(rules, '/account/licenses')['Content-Security-Policy']).toMatch(/frame-ancestors 'none'$/)
    const redirect = headersForPath(rules, '/auth/redirect.html')
    expect(redirect['Content-Security-Policy']).toMatch(/script-src 'self';.*frame-ancestors 'self'$/)
    expect(redirect['X-Content-Type-Options']).toBe('nosniff')
  })
})

describe('the services on the local stack', () => {
  it('let the identity provider be framed by the site (silent renewal), and nothing frame the sandbox or the API', () => {
    expect(serviceHeaders('identity')['Content-Security-Policy']).toMatch(/script-src 'self';.*frame-ancestors 'self'$/)
    expect(serviceHeaders('payments')['Content-Security-Policy']).toMatch(/frame-ancestors 'none'$/)
    expect(serviceHeaders('api')['Content-Security-Policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'")
    expect(serviceHeaders('api')['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains')
  })
})

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script, and skips files and data blocks', () => {
    const html = '<script>let a = 1</script><script type="module" src="/app.js"></script><script type="application/ld+json">{}</script><script type="module">go()</script>'
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([sha('let a = 1'), sha('go()')])
  })
})

describe('the _headers file', () => {
  const rules = siteHeaderRules(localStack, [hash])

  it('reads back as written', () => {
    const text = formatHeadersFile(rules, ['A comment.'])
    expect(text).toMatch(/^# A comment\.\n/)
    expect(text).toContain('\n/auth/*\n  ! Content-Security-Policy\n  Content-Security-Policy: ')
    expect(parseHeadersFile(text)).toEqual(rules.map(({ comment: _comment, ...rule }) => rule))
  })

  it('applies later rules over earlier ones, as static hosts do', () => {
    const parsed = parseHeadersFile('/*\n  X-Test: all\n  X-Other: kept\n/auth/*\n  ! X-Test\n  X-Test: auth\n')
    expect(headersForPath(parsed, '/')).toEqual({ 'X-Test': 'all', 'X-Other': 'kept' })
    expect(headersForPath(parsed, '/auth/redirect.html')).toEqual({ 'X-Test': 'auth', 'X-Other': 'kept' })
    expect(headersForPath(parsed, '/author')).toEqual({ 'X-Test': 'all', 'X-Other': 'kept' })
  })

  it('refuses a line longer than static hosts read', () => {
    expect(() => formatHeadersFile([{ path: '/*', headers: { 'X-Long': 'x'.repeat(maxLineLength) } }])).toThrow(/longer than 2000/)
  })
})
