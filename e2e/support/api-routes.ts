import type { BrowserContext, CDPSession, Page } from '@playwright/test'

/**
 * The API's requests answered by a test, through Chromium's own interception (the DevTools
 * protocol's Fetch domain) of the API's addresses only. Playwright's `page.route` pauses every
 * request of the page, the scripts and styles too, and turns the browser's cache off while any
 * route is set: each of a page load's fifty-odd module requests then waited on the test's process,
 * which doubled the browser's CPU per load (decision 0028). Here only the API's requests wait for
 * the test. The handlers see the part of Playwright's Route the tests use, with its order: the last
 * added first, a page's before its browser's, `fallback` to the next.
 */

export interface ApiRequest {
  method(): string
  url(): string
  /** The body of a form or JSON request, as the browser sends it ('' when there is none). */
  postData(): string
}

export interface ApiAnswer {
  status?: number
  body?: string
  json?: unknown
  contentType?: string
  /** More headers of the answer: a redirect's Location. */
  headers?: Record<string, string>
}

export interface ApiRoute {
  request(): ApiRequest
  fulfill(answer: ApiAnswer): Promise<void>
  /** As the network fails ('failed') or as the browser itself refuses ('blockedbyclient'). */
  abort(reason?: 'failed' | 'blockedbyclient'): Promise<void>
  /** To the server, past every other handler. */
  continue(): Promise<void>
  /** To the next handler, or the server when there is none. */
  fallback(): Promise<void>
}

/** A path under the site (exact, without the query), a pattern of the whole address, or a test of the address. */
export type ApiMatcher = string | RegExp | ((url: URL) => boolean)
export type ApiHandler = (route: ApiRoute) => unknown

interface Registered {
  matcher: ApiMatcher
  handler: ApiHandler
}

interface RequestPaused {
  requestId: string
  request: { url: string; method: string; postData?: string }
}

const apiAddresses = [{ urlPattern: '*/api/*', requestStage: 'Request' as const }]
/** The local identity provider's addresses (its token endpoint, its sign-in pages, a hidden frame's), for the tours of sign-in and tokens. */
const identityProviderAddresses = [{ urlPattern: '*/idp/*', requestStage: 'Request' as const }]
const failureReasons = { failed: 'Failed', blockedbyclient: 'BlockedByClient' } as const

const matches = (matcher: ApiMatcher, url: URL) => (typeof matcher === 'string' ? url.pathname === matcher : matcher instanceof RegExp ? matcher.test(url.href) : matcher(url))

/** Handlers for every page of a browser context, after each page's own. */
const contextRoutes = new WeakMap<BrowserContext, Registered[]>()
const pageRoutes = new WeakMap<Page, Promise<PageRoutes>>()

class PageRoutes {
  readonly routes: Registered[] = []

  constructor(
    private readonly page: Page,
    readonly session: CDPSession,
  ) {
    session.on('Fetch.requestPaused', (event: RequestPaused) =>
      this.dispatch(event).catch((error: unknown) => console.error(`The API's interception failed on ${event.request.method} ${event.request.url}:`, error)),
    )
  }

  private async dispatch({ requestId, request }: RequestPaused) {
    const url = new URL(request.url)
    const inContext = contextRoutes.get(this.page.context()) ?? []
    const chain = [...this.routes].reverse().concat([...inContext].reverse())
    for (const { matcher, handler } of chain) {
      if (!matches(matcher, url)) continue
      if (await this.handled(requestId, request, handler)) return
    }
    await this.send('Fetch.continueRequest', { requestId })
  }

  /** Runs one handler: true once it answered the request, false once it passed it on. */
  private handled(requestId: string, request: RequestPaused['request'], handler: ApiHandler): Promise<boolean> {
    return new Promise<boolean>((settle) => {
      let settled = false
      /** A handler answers or passes the request on once. */
      const decide = (answered: boolean) => {
        if (settled) throw new Error(`The request ${request.method} ${request.url} was answered already`)
        settled = true
        settle(answered)
      }
      const answer = async (method: string, params: Record<string, unknown>) => {
        decide(true)
        await this.send(method, { requestId, ...params })
      }
      const route: ApiRoute = {
        request: () => ({ method: () => request.method, url: () => request.url, postData: () => request.postData ?? '' }),
        fulfill: ({ status = 200, body, json, contentType, headers = {} }) => {
          const text = json === undefined ? (body ?? '') : JSON.stringify(json)
          const type = contentType ?? (json === undefined ? undefined : 'application/json')
          return answer('Fetch.fulfillRequest', {
            responseCode: status,
            responseHeaders: [...(type ? [{ name: 'Content-Type', value: type }] : []), ...Object.entries(headers).map(([name, value]) => ({ name, value }))],
            body: Buffer.from(text).toString('base64'),
          })
        },
        abort: (reason = 'failed') => answer('Fetch.failRequest', { errorReason: failureReasons[reason] }),
        continue: () => answer('Fetch.continueRequest', {}),
        fallback: async () => decide(false),
      }
      Promise.resolve()
        .then(() => handler(route))
        .catch((error: unknown) => {
          // A handler that failed before it answered passes the request on, and says why.
          console.error(`An API route's handler failed on ${request.method} ${request.url}:`, error)
          if (!settled) void route.fallback()
        })
    })
  }

  /**
   * A command to the page's interception. A request the page gave up (it navigated, or aborted the
   * fetch) and a page that closed leave nothing to answer, as with Playwright's routes.
   */
  private async send(method: string, params: Record<string, unknown>) {
    await this.session.send(method as 'Fetch.continueRequest', params as never).catch((error: Error) => {
      if (!this.page.isClosed() && !/Invalid InterceptionId/.test(error.message)) throw error
    })
  }
}

/** The page's interception of the API's requests, started on first use. */
function routesOf(page: Page): Promise<PageRoutes> {
  let routes = pageRoutes.get(page)
  if (!routes) {
    routes = (async () => {
      const session = await page.context().newCDPSession(page)
      const started = new PageRoutes(page, session)
      await session.send('Fetch.enable', { patterns: apiAddresses })
      return started
    })()
    pageRoutes.set(page, routes)
  }
  return routes
}

/** Answers the page's API requests that match with the handler (before the handlers added earlier). */
export async function routeApi(page: Page, matcher: ApiMatcher, handler: ApiHandler): Promise<void> {
  ;(await routesOf(page)).routes.push({ matcher, handler })
}

/** Removes a handler `routeApi` added. */
export async function unrouteApi(page: Page, matcher: ApiMatcher, handler: ApiHandler): Promise<void> {
  const { routes } = await routesOf(page)
  const index = routes.findIndex((route) => route.matcher === matcher && route.handler === handler)
  if (index >= 0) routes.splice(index, 1)
}

/**
 * Answers the API requests of every page of the browser that intercepts them (a page does from its
 * first `routeApi`, or from `interceptApi`), after the page's own handlers.
 */
export function routeApiInContext(context: BrowserContext, matcher: ApiMatcher, handler: ApiHandler): void {
  contextRoutes.set(context, [...(contextRoutes.get(context) ?? []), { matcher, handler }])
}

/** Starts the page's interception of the API's requests, so its browser's handlers answer them from its next request. */
export async function interceptApi(page: Page): Promise<void> {
  await routesOf(page)
}

/** Intercepts the identity provider's requests too (documents and frames included), for handlers whose matcher names them. */
export async function interceptIdentityProvider(page: Page): Promise<void> {
  const { session } = await routesOf(page)
  await session.send('Fetch.enable', { patterns: [...apiAddresses, ...identityProviderAddresses] })
}
