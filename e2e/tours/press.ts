import type { Locator, Page } from '@playwright/test'

type Actions<TEvent extends { type: string }> = { [T in TEvent['type']]?: (page: Page, event: Extract<TEvent, { type: T }>) => Promise<unknown> }

/**
 * A tour's `perform` written as a table: an event in `buttons` is the press of the button of that
 * name within `scope`; one in `actions` is what the user does for it (typing before pressing); any
 * other has no browser action, which fails the tour.
 */
export function pressing<TEvent extends { type: string }>(scope: (page: Page) => Locator, buttons: { [T in TEvent['type']]?: string }, actions: Actions<TEvent> = {}) {
  return async (page: Page, event: TEvent) => {
    const type = event.type as TEvent['type']
    const name = buttons[type]
    if (name !== undefined) return void (await scope(page).getByRole('button', { name }).click())
    const action = actions[type] as ((page: Page, event: TEvent) => Promise<unknown>) | undefined
    if (action) return void (await action(page, event))
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  }
}
