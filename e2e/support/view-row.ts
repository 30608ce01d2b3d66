import { expect, type Locator, type Page } from '@playwright/test'
import type { EventObject } from 'xstate'
import { expectedAlong, type Oracle } from '@/testkit/model/oracle'
import { rowLeaves } from '@/testkit/model/relation'
import type { StateView, ViewTable } from '@/testkit/views/view-table'
import { readRowsOn } from '@/testkit/views/page-origin'

/**
 * What a tour checks of each state in the browser: the row of the machine's view table (the same
 * as the component tests') for the state its oracle says the flow is in, read by role and name.
 */
export interface TourView {
  table: ViewTable
  /** Where the rows are read: the whole page when left out. */
  root?: (page: Page) => Locator
  /**
   * The part of a row the browser can read, where the page in the browser differs from the
   * component test's (its data, the rest of the page around it): the tour says why beside it.
   */
  readable?: (view: StateView, state: string) => StateView
}

/** A view with names put for others (the browser's demo data for the component test's fixtures) in its texts, button names and fields. */
export function renamed(view: StateView, names: Readonly<Record<string, string>>): StateView {
  const rename = <T extends string | RegExp>(entry: T): T => (typeof entry === 'string' ? (Object.entries(names).reduce((text, [from, to]) => text.replaceAll(from, to), entry as string) as T) : entry)
  const lists = ['shows', 'hides', 'enabled', 'disabled', 'busy', 'absent', 'dialogs', 'alerts'] as const
  const kept: StateView = { ...view }
  for (const list of lists) if (view[list]) (kept as Record<string, unknown>)[list] = (view[list] as (string | RegExp)[]).map(rename)
  if (view.fields) kept.fields = Object.fromEntries(Object.entries(view.fields).map(([name, value]) => [rename(name), rename(value)]))
  return kept
}

type Wanted = { text: string } | { source: string; flags: string }
const wanted = (text: string | RegExp): Wanted => (typeof text === 'string' ? { text } : { source: text.source, flags: text.flags })

/**
 * How many visible elements have each text of their own (their text nodes, not their children's),
 * as Testing Library's getByText reads it: 'Unassign the license of (…)?' beside a name in bold.
 * All of a row's texts in one walk of the page: a walk per text cost the accessibility sweep an
 * eighth of its CPU (227 core-seconds, 202 with one walk).
 */
function visibleWithTexts(root: Locator, texts: readonly (string | RegExp)[]) {
  return root.locator('*').evaluateAll((elements, all) => {
    const own = (element: Element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
    const shown = elements.filter((element) => element.checkVisibility()).map(own)
    return all.map((one) => {
      const pattern = 'source' in one ? new RegExp(one.source, one.flags) : undefined
      return shown.filter((text) => (pattern ? pattern.test(text) : 'text' in one && text === one.text)).length
    })
  }, texts.map(wanted))
}

/** The row's texts the page does not show as it says (each shown at least once, each hidden not at all), in words; none when it does. */
async function textsOutOfRow(root: Locator, shows: readonly (string | RegExp)[], hides: readonly (string | RegExp)[]) {
  if (!shows.length && !hides.length) return []
  const counts = await visibleWithTexts(root, [...shows, ...hides])
  return [
    ...shows.filter((_, index) => counts[index] === 0).map((text) => `shows ${String(text)}`),
    ...hides.filter((_, index) => counts[shows.length + index]! > 0).map((text) => `hides ${String(text)}`),
  ]
}

const exactly = (text: string | RegExp) => (typeof text === 'string' ? { name: text, exact: true } : { name: text })
/** A button that can be pressed: not disabled, not busy. */
const pressable = ':not([disabled]):not([aria-disabled="true"]):not([data-loading])'
const normalized = (text: string) => text.replace(/\s+/g, ' ').trim()
const matches = (text: string, expected: string | RegExp) => (typeof expected === 'string' ? text === expected : expected.test(text))

/** Checks one row in the browser, as the component tests do (tests/support/view-table.ts) (retried until the page settles). */
async function expectRow(view: StateView, root: Locator) {
  const page = root.page()
  const [shows, hides] = [view.shows ?? [], view.hides ?? []]
  await expect.poll(() => textsOutOfRow(root, shows, hides), 'the texts the row shows and hides').toEqual([])
  for (const name of view.enabled ?? []) await expect(root.getByRole('button', exactly(name)).and(page.locator(pressable)).first(), `${name} can be pressed`).toBeVisible()
  for (const name of view.disabled ?? []) {
    await expect(root.getByRole('button', exactly(name)).first(), `${name} is on screen`).toBeVisible()
    await expect(root.getByRole('button', exactly(name)).and(page.locator(pressable)), `${name} cannot be pressed`).toHaveCount(0)
  }
  for (const name of view.busy ?? []) await expect(root.getByRole('button', exactly(name)).and(page.locator('[data-loading]')).first(), `${name} shows progress`).toBeVisible()
  for (const name of view.absent ?? []) await expect(root.getByRole('button', exactly(name)), `no ${name} button`).toHaveCount(0)
  // The branch is the row's: a row that names no dialogs (or no alerts, below) leaves them to the other rows' checks.
  if (view.dialogs) {
    await expect(root.getByRole('dialog'), 'open dialogs').toHaveCount(view.dialogs.length)
    for (const name of view.dialogs) await expect(root.getByRole('dialog', exactly(name)), `dialog ${name}`).toBeVisible()
  }
  // The branch is the row's, as for the dialogs.
  if (view.alerts) {
    const expected = view.alerts
    await expect
      .poll(
        async () => {
          const shown = (await root.getByRole('alert').allTextContents()).map(normalized)
          return shown.length === expected.length && expected.every((text) => shown.some((alert) => matches(alert, text))) ? 'as the row says' : shown
        },
        `alerts ${expected.map(String).join(' | ')}`,
      )
      .toBe('as the row says')
  }
  for (const [name, value] of Object.entries(view.fields ?? {}))
    await expect.poll(() => root.getByRole('textbox', exactly(name)).evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)), `field ${name}`).toContain(value)
}

/**
 * After the events sent so far, checks that the page shows the view-table row of every state the
 * oracle says the flow is in, given what the oracle says it holds: the page against a reference
 * written apart from the machine, not against the machine's own snapshot. An oracle state that
 * several machine states realise shows the row of the one the path planned (`planned`, its leaves).
 * Gives the oracle's expectation it checked the page against.
 */
export async function expectOracleRowShown(
  page: Page,
  view: TourView,
  oracle: Oracle<unknown, unknown, string | readonly string[]>,
  input: unknown,
  sent: readonly EventObject[],
  planned?: readonly string[],
) {
  const expected = expectedAlong(oracle, input, sent)
  readRowsOn(new URL(page.url()).origin)
  for (const state of rowLeaves(oracle, expected.state, planned)) {
    const row = view.table[state]
    if (!row) throw new Error(`The view table has no row for state ${state}`)
    const whole = typeof row === 'function' ? row(sent, expected.held) : row
    await expectRow(view.readable ? view.readable(whole, state) : whole, view.root?.(page) ?? page.locator('body'))
  }
  return expected
}
