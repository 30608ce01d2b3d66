import { expect, type Download, type Locator, type Page } from '@playwright/test'
import type { CallCase } from './call-case'

// What the fault matrix's rows (calls.ts, organisation-calls.ts) check on screen, shared by them.

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Account' })
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
/** The button shows progress (Mantine marks a loading button, which is also disabled). */
export const loading = (scope: Page | Locator, name: string) => expect(scope.getByRole('button', { name, exact: true })).toHaveAttribute('data-loading', 'true')
export const landed = (page: Page, path: string) => expect(page).toHaveURL((url) => url.pathname === path)

/**
 * The sidebar still works while a page waits or after it failed: each link takes focus and would
 * take a click (a link is always 'enabled'; a trial click fails when the link is hidden, moving, or
 * under something that would take the click, such as an overlay over the page).
 */
export async function sidebarUsable(page: Page) {
  for (const name of ['Profile', 'My Licenses']) {
    const link = nav(page).getByRole('link', { name })
    await link.click({ trial: true })
    await link.focus()
    await expect(link).toBeFocused()
  }
}

/** A page's data could not load: the message and Try again, with the rest of the account area around it. */
export async function loadFailed(page: Page, title: string, message: string) {
  const alert = page.getByRole('alert').filter({ hasText: title })
  await expect(alert).toContainText(message)
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled()
  await sidebarUsable(page)
}

export const tryAgain = (page: Page) => page.getByRole('alert').getByRole('button', { name: 'Try again' }).click()

/** The user is sent to the landing page, which works as ever (spec section 4: the session; section 2: the purchase page). */
export async function sentHome(page: Page) {
  await landed(page, '/')
  await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Account' }).first()).toBeVisible()
}

/** A dialog kept open with the message, its action offered again and a way out. */
export async function dialogFailed(page: Page, name: string, action: string, message: string) {
  const box = dialog(page, name)
  await expect(box.getByRole('alert')).toHaveText(message)
  await expect(box.getByRole('button', { name: action, exact: true })).toBeEnabled()
  await expect(box.getByRole('button', { name: 'Cancel' })).toBeEnabled()
}

/** A dialog whose request is out: its action shows progress, and Cancel waits for the answer. */
export async function dialogWaits(page: Page, name: string, action: string) {
  await loading(dialog(page, name), action)
  await expect(dialog(page, name).getByRole('button', { name: 'Cancel' })).toBeDisabled()
}

/** A page's own load: opening the page sends it; a failure shows the message and Try again. */
export function pageLoad(path: string, failedTitle: string, progress: (page: Page) => Locator) {
  return {
    reach: async () => {},
    send: async (page: Page) => void (await page.goto(path)),
    retry: tryAgain,
    failed: (page: Page, message: string) => loadFailed(page, failedTitle, message),
    waiting: async (page: Page) => {
      await expect(progress(page)).toBeVisible()
      await sidebarUsable(page)
    },
    slowAnswer: 'server' as const,
  }
}

interface DialogCallChecks {
  /** What the user typed or chose in the dialog, still there after a failure and while the call waits. */
  kept?: (page: Page) => Promise<void>
  /** While the call waits, Cancel waits for the answer ('waits') or stays a way out ('enabled'); unchecked without it. */
  cancel?: 'waits' | 'enabled'
}

/** A dialog whose action sends the call, reached by open: pressed again to retry; a failure keeps the dialog open (dialogFailed). */
export function dialogCall(name: string, action: string, open: (page: Page) => Promise<void>, { kept, cancel }: DialogCallChecks = {}) {
  const press = (page: Page) => dialog(page, name).getByRole('button', { name: action, exact: true }).click()
  return {
    reach: open,
    send: press,
    retry: press,
    failed: async (page: Page, message: string) => {
      await dialogFailed(page, name, action, message)
      await kept?.(page)
    },
    waiting: async (page: Page) => {
      if (cancel === 'waits') await dialogWaits(page, name, action)
      else await loading(dialog(page, name), action)
      // The branch is the dialog's: only a dialog whose Cancel stays enabled while it waits says so.
      if (cancel === 'enabled') await expect(dialog(page, name).getByRole('button', { name: 'Cancel' })).toBeEnabled()
      await kept?.(page)
    },
  }
}

/** The downloads a page started, from the first time a row watched it; where each download's count stood when the user sent the call. */
const downloads = new WeakMap<Page, Download[]>()
const downloadsBefore = new WeakMap<Page, number>()
function watchDownloads(page: Page) {
  let started = downloads.get(page)
  if (!started) {
    const list: Download[] = []
    page.on('download', (download) => void list.push(download))
    downloads.set(page, list)
    started = list
  }
  return started
}

/**
 * A file downloaded with the bearer token, as a row of the matrix sends it: the button, counting the
 * downloads from the click on; a failure said under its title (with Dismiss, where the page offers
 * one) and nothing saved; the answer saved under the file's name.
 */
export function fileDownload(
  open: (page: Page) => Promise<void>,
  button: string,
  failureTitle: string,
  fileName: string,
  { dismissable = true } = {},
): Pick<CallCase, 'reach' | 'send' | 'retry' | 'failed' | 'waiting' | 'done'> {
  const download = async (page: Page) => {
    downloadsBefore.set(page, watchDownloads(page).length)
    await page.getByRole('button', { name: button }).click()
  }
  return {
    reach: async (page) => {
      await open(page)
      watchDownloads(page)
    },
    send: download,
    retry: download,
    failed: async (page, message) => {
      const alert = page.getByRole('alert').filter({ hasText: failureTitle })
      await expect(alert).toContainText(message)
      // The branch is the page's: only an alert that offers Dismiss is checked for it.
      if (dismissable) await expect(alert.getByRole('button', { name: 'Dismiss' })).toBeEnabled()
      await expect(page.getByRole('button', { name: button })).toBeEnabled()
      expect(watchDownloads(page), 'downloads after a failure').toHaveLength(downloadsBefore.get(page)!)
    },
    waiting: async (page) => {
      await loading(page, button)
      await sidebarUsable(page)
    },
    done: async (page) => {
      const started = watchDownloads(page)
      await expect.poll(() => started.length, `downloads since ${button}`).toBe(downloadsBefore.get(page)! + 1)
      expect(started.at(-1)!.suggestedFilename()).toBe(fileName)
      await expect(page.getByRole('button', { name: button })).toBeEnabled()
    },
  }
}
