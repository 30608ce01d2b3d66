import { expect, type BrowserContext, type Page } from '@playwright/test'
import { demo, licenseCard } from '../support/accounts'
import { routeApi } from '../support/api-routes'
import { openSignedIn } from '../support/signed-in'

const signedIn = new WeakMap<BrowserContext, string>()

/** Opens an account page as a demo person: the browser takes their sign-in on the first visit, then every tab shares it. */
export async function openAs(page: Page, email: string, path: string) {
  const context = page.context()
  if (signedIn.get(context) === email) {
    await page.goto(path)
    return
  }
  if (signedIn.has(context)) throw new Error(`The browser is signed in as ${signedIn.get(context)}, not ${email}`)
  await openSignedIn(page, email, path)
  signedIn.set(context, email)
}

/**
 * For a tour whose machine asks GET /api/organisation itself: the account area's own request for it
 * (the session's, the first the page sends) goes to the server, and the later ones are the tour's.
 */
export async function sessionAsksTheServer(page: Page) {
  let sessionAsked = false
  await routeApi(page, '/api/organisation', (route) => {
    if (sessionAsked) return route.fallback()
    sessionAsked = true
    return route.continue()
  })
}

/** Opens My Licenses as the Commercial Plus demo owner, once their license card shows (the tours of its dialogs start there). */
export async function openPlusCard(page: Page) {
  await openAs(page, demo.plus, '/account')
  await expect(licenseCard(page, 'Commercial Plus')).toBeVisible()
}
