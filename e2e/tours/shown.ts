import { expect, type Locator, type Page } from '@playwright/test'

// What several tours check on screen for a state of their machine, written once.

/** A load that failed: its message in an alert, and Try again offered. */
export async function loadFailedShown(scope: Locator, message: string) {
  await expect(scope.getByRole('alert')).toContainText(message)
  await expect(scope.getByRole('button', { name: 'Try again' })).toBeEnabled()
}

/** A list's own load, in the states `"loading"` and `"failed"` (the state's value as JSON): its progress by its label, or the failure. False in any other state. */
export async function loadShown(scope: Locator, state: string, { loading, failed }: { loading: string; failed: string }) {
  // The state picks its check: progress while loading, the failure once it failed, nothing here in any other.
  if (state === '"loading"') await expect(scope.getByLabel(loading)).toBeVisible()
  else if (state === '"failed"') await loadFailedShown(scope, failed)
  else return false
  return true
}

/** A dialog waiting for the user: the last failure's message when there was one, and its action offered. */
export async function dialogOpenShown(dialog: Locator, action: string, error: unknown) {
  // The branch is the test: the last failure's message, where there was one.
  if (error) await expect(dialog.getByRole('alert')).toHaveText(error as string)
  await expect(dialog.getByRole('button', { name: action })).toBeEnabled()
}

/** The dialog a state shows, open, its action busy while it sends (`sending`); none open where the state shows none. */
export async function dialogShown(page: Page, dialog: { name: string; sending?: string } | undefined) {
  // The branch is the test: a state with no dialog shows none.
  if (!dialog) return expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: dialog.name })).toBeVisible()
  if (dialog.sending) await busyShown(page.getByRole('dialog', { name: dialog.name }).getByRole('button', { name: dialog.sending, exact: true }))
}

/** The button shows that its call is out (Mantine marks a loading button). */
export const busyShown = (button: Locator) => expect(button).toHaveAttribute('data-loading', 'true')

/**
 * A download's button and its failure (Download CSV, Download license file): busy while the file is
 * asked for, else pressable, with the last failure's message until dismissed, or none.
 */
export async function downloadShown(button: Locator, failure: Locator, state: { value: unknown; context: { error?: unknown } }) {
  // The branch is the test: the state the path rests in picks what the page must show there.
  if (state.value === 'downloading') return busyShown(button)
  await expect(button).toBeEnabled()
  // The branch is the test: a failure's message until dismissed, or none.
  if (state.context.error) await expect(failure).toContainText(state.context.error as string)
  else await expect(failure).toHaveCount(0)
}
