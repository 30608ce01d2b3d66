import { readFileSync } from 'node:fs'
import type { APIResponse } from '@playwright/test'
import { headersForPath, parseHeadersFile } from '../server/web/headers-file'
import { inlineScriptHashes } from '../server/web/security-headers'
import { demo, signInAs } from './support/accounts'
import { expect, test } from './support/fixtures'
import { gotoHydrated } from './support/hydration'

// What a static host would send with these files (the build writes it; the local server serves it).
const headersFile = parseHeadersFile(readFileSync('dist/_headers', 'utf8'))
const securityHeaders = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy']

function directives(response: APIResponse): Map<string, string[]> {
  const policy = response.headers()['content-security-policy'] ?? ''
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...sources]) => [name, sources]),
  )
}

function expectHardened(response: APIResponse, frameAncestors: string) {
  const headers = response.headers()
  const policy = directives(response)
  expect(policy.get('script-src') ?? policy.get('default-src')).not.toContainEqual(expect.stringMatching(/unsafe-inline|unsafe-eval|\*/))
  expect(policy.get('frame-ancestors')).toEqual([frameAncestors])
  expect(policy.get('base-uri')).toEqual(["'none'"])
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  // At least a year, as HSTS preload lists ask.
  expect(Number(/^max-age=(\d+); includeSubDomains$/.exec(headers['strict-transport-security'] ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000)
  expect(headers['permissions-policy']?.split(', ')).toEqual(expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()']))
}

test.describe('security headers', () => {
  test("the site's pages and files carry the headers file's headers, allowing exactly their inline scripts", async ({ page }) => {
    const home = await page.request.get('/')
    // The public pages load no script file (decision 0013); the portal's app shell does.
    const asset = /src="(\/assets\/main-[^"]+\.js)"/.exec(await (await page.request.get('/account/licenses')).text())![1]!
    for (const path of ['/', '/privacy', '/account/licenses', asset, '/no-such-page']) {
      const response = path === '/' ? home : await page.request.get(path)
      const sent = Object.fromEntries(securityHeaders.map((name) => [name, response.headers()[name]]))
      const expected = Object.fromEntries(Object.entries(headersForPath(headersFile, path)).map(([name, value]) => [name.toLowerCase(), value]))
      expect(sent, path).toEqual(expected)
      expectHardened(response, "'none'")
      // The branch is the test: only an HTML page has inline scripts for its policy to name.
      if (response.headers()['content-type']?.startsWith('text/html')) {
        const scriptSources = directives(response).get('script-src')
        for (const hash of inlineScriptHashes(await response.text())) expect(scriptSources, `${path}: inline script ${hash}`).toContain(hash)
      }
    }
  })

  test("the redirect page and the identity provider may be framed by the site only (MSAL's hidden frame)", async ({ page }) => {
    const redirect = await page.request.get('/auth/redirect.html')
    expect(redirect.status()).toBe(200)
    expectHardened(redirect, "'self'")
    expect(directives(redirect).get('script-src')).toEqual(["'self'"])

    const identityPage = await page.request.get('/idp/b2c_1_susi/interaction/expired')
    expect(identityPage.headers()['content-type']).toMatch(/^text\/html/)
    expectHardened(identityPage, "'self'")
    expect(directives(identityPage).get('form-action')).toEqual(["'self'"])
  })

  test("the payment sandbox's pages and the API are never framed", async ({ page }) => {
    for (const path of ['/sandbox/checkout/missing', '/api/account']) expectHardened(await page.request.get(path), "'none'")
  })

  test.describe("MSAL's hidden frame", () => {
    // The refresh token is refused on purpose; Chromium reports the 400 on the console.
    test.use({ expectedPageErrors: [/Failed to load resource: the server responded with a status of 400/] })

    test('renews the token under these policies when the refresh token is refused', async ({ page }) => {
      await page.clock.install()
      await signInAs(page, demo.plus)
      await expect(page.getByRole('article', { name: 'Commercial Plus' })).toBeVisible()
      await page.route(/\/idp\/[^/]+\/token(\?|$)/, (route) =>
        route.request().postData()?.includes('grant_type=refresh_token')
          ? route.fulfill({ status: 400, json: { error: 'invalid_grant', error_description: 'The refresh token has expired.' } })
          : route.fallback(),
      )
      const framed: string[] = []
      page.on('request', (request) => {
        if (request.frame() !== page.mainFrame()) framed.push(new URL(request.url()).pathname)
      })
      await page.clock.fastForward('02:00:00')
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click()
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(demo.plus)
      expect(framed).toEqual(expect.arrayContaining(['/idp/b2c_1_susi/auth', '/auth/redirect.html']))
    })
  })

  test.describe('an injected inline script', () => {
    // Reported twice: by the page (the fixture's listener) and by Chromium on the console.
    test.use({ expectedPageErrors: [/^Content-Security-Policy violation: script-src-elem refused inline in|^Executing inline script violates/] })

    test('is refused in the page and in its frames, and each violation is reported', async ({ page, pageErrors }) => {
      await gotoHydrated(page, '/')
      await page.evaluate(() => {
        const script = document.createElement('script')
        script.textContent = 'window.injected = true'
        document.body.append(script)
        const frame = document.createElement('iframe')
        frame.srcdoc = '<script>parent.injected = true</script>'
        document.body.append(frame)
      })
      const reported = () => pageErrors.filter((error) => error.startsWith('Content-Security-Policy violation: script-src-elem refused inline'))
      await expect.poll(reported).toEqual([expect.stringContaining(' in https://localhost:'), expect.stringMatching(/ in about\b/)])
      expect(await page.evaluate(() => 'injected' in window)).toBe(false)
    })
  })
})
