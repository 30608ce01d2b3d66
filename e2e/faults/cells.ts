import { expect, type Page, type Request } from '@playwright/test'
import { interceptApi, routeApi, unrouteApi, type ApiRoute } from '../support/api-routes'
import type { CallCase } from './call-case'
import { delayMs, faults, type Fault } from './faults'

/** One cell of the matrix: a call under a fault, and whether the user saw what they should. */
export interface CellResult {
  call: string
  fault: string
  ok: boolean
  error?: string
}

/** The browser's own log line for a failed request; anything else logged is an error of the app. */
const browserLog = /^Failed to load resource: (the server responded with a status of \d+|net::ERR_FAILED)/

const slowFault = faults.find((fault) => fault.message === undefined)!
const quickFaults = faults.filter((fault) => fault !== slowFault)

/**
 * Runs every fault against each of the calls, all sent as one account. A slow answer takes 10 s,
 * so the slow cells run on pages of their own beside the quick cells, which run one after another
 * on the test's page: a failure leaves the retry on screen, and the next fault meets the user's retry.
 */
export async function runCalls(page: Page, calls: readonly CallCase[], report: (result: CellResult) => void): Promise<CellResult[]> {
  // The slow cells (a test has at most three) wait side by side, each on a page of its own.
  const slow = Promise.all(
    calls.map(async (call) => {
      const slowPage = await page.context().newPage()
      const result = await runCell(slowPage, call, slowFault, undefined)
      report(result)
      await slowPage.close()
      return result
    }),
  )
  const results: CellResult[] = []
  for (const call of calls) {
    // The message the last cell's failure left on screen, which the user's retry starts from.
    let leftOnScreen: string | undefined
    for (const fault of quickFaults) {
      const result = await runCell(page, call, fault, call.retry === undefined ? undefined : leftOnScreen)
      results.push(result)
      report(result)
      leftOnScreen = result.ok && !(fault.id === 'bad JSON' && call.ignoresBody) ? (call.message ?? fault.message) : undefined
    }
  }
  return [...results, ...(await slow)]
}

/**
 * A cell: the user sends the call (anew, or by retrying from the message a failure left on screen),
 * the fault answers, the user sees the outcome.
 */
async function runCell(page: Page, call: CallCase, fault: Fault, leftOnScreen: string | undefined): Promise<CellResult> {
  const retrying = leftOnScreen !== undefined
  const sent: Request[] = []
  const logged: string[] = []
  const isCall = (url: URL) => url.pathname === call.path
  let answered!: () => void
  const answer = new Promise<void>((resolve) => (answered = resolve))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  if (!retrying) release()
  const intercept = async (route: ApiRoute) => {
    if (route.request().method() !== call.method) return route.fallback()
    await released
    try {
      await fault.answer(route, () => slowAnswer(route, call))
    } catch (error) {
      logged.push(`the fault could not answer: ${error instanceof Error ? error.message : String(error)}`)
    }
    answered()
  }
  const onRequest = (request: Request) => {
    if (request.method() === call.method && isCall(new URL(request.url()))) sent.push(request)
  }
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') logged.push(message.text())
  }
  const onPageError = (error: Error) => logged.push(error.message)
  const onDialog = (dialog: { accept(): Promise<void> }) => dialog.accept() // leaving a page with unsaved changes
  // The other calls the row answers itself, from before the user reaches the call (a made-up list to act on).
  const stubbed = (call.stubs ?? []).map((other) => ({
    matcher: other.path,
    handler: (route: ApiRoute) =>
      route.request().method() !== other.method ? route.fallback() : route.fulfill(other.json === undefined ? { status: 200, body: '' } : { status: 200, json: other.json }),
  }))
  const unrouteStubs = async () => {
    for (const { matcher, handler } of stubbed) await unrouteApi(page, matcher, handler)
  }
  // From the page's first request, so the browser's guard against changes (sessions.ts) sees them all.
  await interceptApi(page)
  for (const { matcher, handler } of stubbed) await routeApi(page, matcher, handler)
  page.on('dialog', onDialog)
  if (!retrying) {
    try {
      await call.reach(page)
    } catch (error) {
      page.off('dialog', onDialog)
      await unrouteStubs()
      return { call: call.name, fault: fault.id, ok: false, error: `could not reach the call: ${summary(error)}` }
    }
  }
  page.on('request', onRequest)
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  await routeApi(page, isCall, intercept)
  try {
    await (retrying ? call.retry! : call.send)(page)
    // The branch is the cell's: only a retry cell has a failure shown before its request.
    if (retrying) {
      // The retry's answer waits until the last failure's message has gone, so the message checked
      // below (500 then 503 say the same, as do 401 then 403) is shown anew, not left over.
      await expect.poll(() => sent.length, 'the retry sent').toBeGreaterThan(0)
      await expect(page.getByRole('alert').filter({ hasText: leftOnScreen }), 'the last failure’s message while the retry is sent').toHaveCount(0)
      release()
    }
    if (fault.message === undefined) await call.waiting(page)
    await answer
    if (fault.message === undefined || (fault.id === 'bad JSON' && call.ignoresBody)) await call.done(page)
    else await call.failed(page, call.message ?? fault.message)
    expect(sent.length, 'requests sent for one action').toBe(1)
    const failedHere = fault.message !== undefined && !(fault.id === 'bad JSON' && call.ignoresBody)
    const intended = failedHere && call.logged && !call.notLoggedFor?.includes(fault.id) ? [call.logged] : []
    // The branch is the call's: only a call that logs its failure, failing here, has a log line to find.
    if (intended.length)
      expect(
        logged.filter((text) => call.logged!.test(text)),
        'the failure logged once',
      ).toHaveLength(1)
    expect(
      logged.filter((text) => !browserLog.test(text) && !intended.some((pattern) => pattern.test(text))),
      'errors the page logged',
    ).toEqual([])
    return { call: call.name, fault: fault.id, ok: true }
  } catch (error) {
    return { call: call.name, fault: fault.id, ok: false, error: summary(error) }
  } finally {
    // A route removed while its handler still holds the request lets the request through to the
    // server: a change would then really be made. Wait for the fault to answer first.
    release()
    if (sent.length > 0) await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, delayMs + 5_000))])
    await unrouteApi(page, isCall, intercept)
    await unrouteStubs()
    page.off('request', onRequest)
    page.off('console', onConsole)
    page.off('pageerror', onPageError)
    page.off('dialog', onDialog)
  }
}

/** After the wait: the server's own answer for a read, a made-up success for a change (a 204 without a body when the row says so). */
async function slowAnswer(route: ApiRoute, call: CallCase) {
  if (call.slowAnswer === 'server') return route.continue()
  const origin = new URL(route.request().url()).origin
  const json = call.slowAnswer.json?.(origin)
  const status = call.slowAnswer.status ?? 200
  const { file } = call.slowAnswer
  await route.fulfill(file ? { status, contentType: file.contentType, body: file.body } : json === undefined ? { status, body: '' } : { status, json })
}

/** The lines of a failed expectation that say what was expected and what was there. */
function summary(error: unknown) {
  if (!(error instanceof Error)) return String(error)
  const lines = error.message
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes
    .replace(/\u001b\[\d+m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return [lines[0], ...lines.slice(1).filter((line) => /^(Locator|Expected|Received|Timeout|- |\+ )/.test(line))].slice(0, 8).join(' | ')
}

/** How long an account's calls may take: their quick cells one after another, beside the slow ones. */
export const timeoutFor = (calls: readonly CallCase[]) => 60_000 + delayMs + calls.length * 30_000
