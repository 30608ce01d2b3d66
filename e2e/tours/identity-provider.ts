import type { Page } from '@playwright/test'
import { routeApi, type ApiRoute } from '../support/api-routes'
import type { ApiCall } from '../support/machine-tour'

/** The provider's token endpoint, redeeming a grant (a code, a refresh token) of the requests `which` picks by their body. */
export const tokenEndpoint = (grant: string, which: (body: string) => boolean = () => true): ApiCall => ({
  method: 'POST',
  path: /^\/[^/]+\/token$/,
  identityProvider: true,
  where: (_url, body) => which(body) && new URLSearchParams(body).get('grant_type') === grant,
})

/** The provider's sign-in in a hidden frame (no prompt: it answers from its session, or says sign-in is required), of the requests `which` picks by their query. */
export const hiddenFrame = (which: (query: string) => boolean = () => true): ApiCall => ({
  method: 'GET',
  path: /^\/[^/]+\/auth$/,
  identityProvider: true,
  where: (url) => which(url.search) && url.searchParams.get('prompt') === 'none',
})

/** A hidden frame the provider sends back to the app with its error in the address, as OAuth answers. */
export async function frameRefused(route: ApiRoute, error: string) {
  const url = new URL(route.request().url())
  const answer = new URLSearchParams({ error, state: url.searchParams.get('state') ?? '' })
  const separator = url.searchParams.get('response_mode') === 'query' ? '?' : '#'
  await route.fulfill({ status: 302, headers: { Location: `${url.searchParams.get('redirect_uri')}${separator}${answer}` } })
}

/**
 * A sign-in or sign-out by redirect (of those `which` picks) answered 204 by the provider: the
 * browser stays on the page, in that state, and no session at the provider ends. The page's
 * interception of the provider must be on (a tour with a call of the provider's turns it on).
 */
export const redirectsStay = (page: Page, which: (url: URL) => boolean = () => true) =>
  routeApi(
    page,
    (url) => /^\/idp\/[^/]+\/(auth|session\/end)$/.test(url.pathname) && url.searchParams.get('prompt') !== 'none' && which(url),
    (route) => route.fulfill({ status: 204 }),
  )
