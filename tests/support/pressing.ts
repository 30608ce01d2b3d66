import { fireEvent, within } from '@testing-library/react'

type StepEvent = { type: string } & Record<string, unknown>
/** A button's name, on the page or within the element given beside it. */
type Press = string | readonly [name: string, scope: () => HTMLElement]

/**
 * A component test's user actions written as a table (as the browser tours' `pressing`): an event in
 * `presses` clicks the button of that name; one in `actions` is done by its function (typing before
 * pressing); the path's start does nothing; any other event has no user action, which fails the test.
 * `scope` is where the buttons are (the page by default); `press` how one is pressed.
 */
export function pressing(
  presses: Readonly<Record<string, Press>>,
  actions: Readonly<Record<string, (event: StepEvent) => unknown>> = {},
  {
    scope = () => document.body,
    press = (name: string, inside: HTMLElement) => fireEvent.click(within(inside).getByRole('button', { name })),
  }: { scope?: () => HTMLElement; press?: (name: string, scope: HTMLElement) => unknown } = {},
) {
  return (event: StepEvent) => {
    const pressed = presses[event.type]
    if (pressed !== undefined) return typeof pressed === 'string' ? press(pressed, scope()) : press(pressed[0], pressed[1]())
    const action = actions[event.type]
    if (action) return action(event)
    if (event.type === 'xstate.init') return
    throw new Error(`No user action for ${event.type}`)
  }
}
