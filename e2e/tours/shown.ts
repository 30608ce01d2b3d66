import { expect, type Locator } from '@playwright/test'

// What several tours check on screen for a state of their machine, written once.

/** A load that failed: its message in an alert, and Try again offered. */
export async function loadFailedShown(scope: Locator, message: string) {
  await expect(scope.getByRole('alert')).toContainText(message)
  await expect(scope.getByRole('button', { name: 'Try again' })).toBeEnabled()
}

/** A dialog waiting for the user: the last failure's message when there was one, and its action offered. */
export async function dialogOpenShown(dialog: Locator, action: string, error: unknown) {
  // The branch is the test: the last failure's message, where there was one.
  if (error) await expect(dialog.getByRole('alert')).toHaveText(error as string)
  await expect(dialog.getByRole('button', { name: action })).toBeEnabled()
}

/** The button shows that its call is out (Mantine marks a loading button). */
export const busyShown = (button: Locator) => expect(button).toHaveAttribute('data-loading', 'true')
