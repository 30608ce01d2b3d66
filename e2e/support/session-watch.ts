import type { BrowserContext, Page } from '@playwright/test'

/** Text a page showed: its address, and the visible text with the values of its fields. */
export interface ShownText {
  url: string
  text: string
}

/**
 * Watches everything a browser context lets out while a test runs: every request address (pages,
 * frames, redirects, calls), every console message of every level and page error, every text any
 * page showed (recorded on each change of the page, so loading states count), and the tokens the
 * site was given (the token endpoint's answers and the Authorization headers the page sent).
 */
export async function watchSession(context: BrowserContext) {
  const urls: string[] = []
  const messages: string[] = []
  const shown: ShownText[] = []
  const tokens = new Set<string>()

  await context.exposeBinding('__recordShownText', ({ frame }, text: string) => void shown.push({ url: frame.url(), text }))
  await context.addInitScript(() => {
    let last = ''
    const record = () => {
      if (!document.body) return
      const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map((field) => field.value)
      const text = [document.title, document.body.innerText, ...fields].join('\n')
      if (text === last) return
      last = text
      void (window as unknown as { __recordShownText(text: string): Promise<void> }).__recordShownText(text)
    }
    // Fields get their values as they are inserted, so changes of the tree and of text are enough.
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
    window.addEventListener('DOMContentLoaded', record)
  })

  const watchPage = (page: Page) => {
    page.on('console', (message) => void messages.push(`${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => void messages.push(`pageerror: ${error.message}`))
  }
  context.pages().forEach(watchPage)
  context.on('page', watchPage)
  context.on('request', (request) => {
    urls.push(request.url())
    const bearer = request.headers().authorization?.match(/^Bearer (.+)$/)?.[1]
    if (bearer) tokens.add(bearer)
  })
  context.on('response', async (response) => {
    if (response.request().method() !== 'POST' || !new URL(response.url()).pathname.endsWith('/token')) return
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
    for (const name of ['access_token', 'id_token', 'refresh_token']) if (typeof answer[name] === 'string') tokens.add(answer[name])
  })

  return { urls, console: messages, shown, tokens }
}

/** JWT-shaped text: a base64url JSON header and payload (`eyJ...`.`eyJ...`). */
export const jwtShaped = /eyJ[\w-]*\.eyJ[\w-]*/

/** Plays the browser's part in hiding and showing a tab: headless Chromium keeps every tab visible. */
export async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
}

/** Everything the site's origin keeps in the browser: local and session storage, and script-readable cookies. */
export async function storedByTheSite(page: Page) {
  return page.evaluate(() => ({
    localStorage: Object.fromEntries(Object.entries(window.localStorage)),
    sessionStorage: Object.fromEntries(Object.entries(window.sessionStorage)),
    cookies: document.cookie,
  }))
}
