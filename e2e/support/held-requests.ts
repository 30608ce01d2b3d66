import type { Page, Request } from '@playwright/test'
import { routeApi, type ApiRoute } from './api-routes'

/**
 * Waits until the page has nothing left to send from what happened before: a request the page
 * makes after every earlier one (the server's health check) has been answered. A request the page
 * sent before it is already on the routes the test watches.
 */
export async function pageRequestsSettled(page: Page) {
  const status = await page.evaluate(async () => (await fetch('/healthz', { cache: 'no-store' })).status)
  if (status !== 200) throw new Error(`The health check answered ${status}`)
}

/**
 * Holds every request to the API path (with the method) until the test releases it: for a request
 * still in flight when the user closes a dialog, leaves a page or presses a button again.
 */
export async function holdRequests(page: Page, path: string, method: string) {
  const held: ApiRoute[] = []
  const failed: Request[] = []
  const matches = (request: Pick<Request, 'method' | 'url'>) => request.method() === method && new URL(request.url()).pathname === path
  page.on('requestfailed', (request) => {
    if (matches(request)) failed.push(request)
  })
  await routeApi(page, path, (route) => (matches(route.request()) ? void held.push(route) : route.continue()))
  return {
    held,
    /** Requests the page gave up (aborted) while they were held. */
    failed,
    /** Answers every held request now, as a late server would; one the page aborted cannot be answered. */
    async release(json: unknown) {
      await Promise.all(held.map((route) => route.fulfill({ json }).catch(() => undefined)))
    },
  }
}
