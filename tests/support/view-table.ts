import { waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import type { StateView, ViewTable } from '@/testkit/views/view-table'
import { leavesOf, type Expected, type State } from '@/testkit/model/oracle'

/** The tables' types live in the test kit, shared with the browser tours (e2e/support/view-row.ts). */
export type { StateView, ViewRow, ViewTable } from '@/testkit/views/view-table'

const isLeaf = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final'

/** The ids of every atomic and final state of the machine: the rows its view table must have. */
export function leafStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = []
  const visit = (node: AnyStateNode) => {
    if (isLeaf(node)) ids.push(node.id)
    Object.values(node.states).forEach(visit)
  }
  visit(machine.root)
  return ids.sort()
}

/** The leaf states a snapshot is in: one for a plain machine, one per region of a parallel state. */
export function activeLeafIds(snapshot: unknown): string[] {
  const nodes = (snapshot as { _nodes: AnyStateNode[] })._nodes
  return nodes.filter(isLeaf).map((node) => node.id)
}

const matches = (text: string, expected: string | RegExp) => (typeof expected === 'string' ? text === expected : expected.test(text))
const normalized = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()
const isPressable = (button: HTMLElement) => !button.hasAttribute('disabled') && button.getAttribute('aria-disabled') !== 'true' && !button.hasAttribute('data-loading')

function expectStateView(view: StateView, root: HTMLElement) {
  const scope = within(root)
  for (const text of view.shows ?? []) expect(scope.queryAllByText(text), `shows ${String(text)}`).not.toEqual([])
  for (const text of view.hides ?? []) expect(scope.queryAllByText(text), `hides ${String(text)}`).toEqual([])
  // Queried, not got: a missing button or field fails a named check of the screen (testkit/model/behaviour-check.ts).
  for (const name of view.enabled ?? []) expect(scope.queryAllByRole('button', { name }).some(isPressable), `${name} can be pressed`).toBe(true)
  for (const name of view.disabled ?? []) {
    const buttons = scope.queryAllByRole('button', { name })
    expect(buttons, `a ${name} button`).not.toEqual([])
    expect(buttons.some(isPressable), `${name} cannot be pressed`).toBe(false)
  }
  for (const name of view.busy ?? [])
    expect(
      scope.queryAllByRole('button', { name }).some((button) => button.hasAttribute('data-loading')),
      `${name} shows progress`,
    ).toBe(true)
  for (const name of view.absent ?? []) expect(scope.queryAllByRole('button', { name }), `no ${name} button`).toEqual([])
  // The branch is the row's: a row that names no dialogs (or no alerts, below) leaves them to the other rows' checks.
  if (view.dialogs) {
    expect(scope.queryAllByRole('dialog').length, 'open dialogs').toBe(view.dialogs.length)
    for (const name of view.dialogs) expect(scope.queryAllByRole('dialog', { name }), `dialog ${name}`).not.toEqual([])
  }
  // The branch is the row's, as for the dialogs.
  if (view.alerts) {
    const alerts = scope.queryAllByRole('alert').map(normalized)
    expect(alerts.length, `alerts ${alerts.join(' | ')}`).toBe(view.alerts.length)
    view.alerts.forEach((expected) =>
      expect(
        alerts.some((text) => matches(text, expected)),
        `alert ${String(expected)} in ${alerts.join(' | ')}`,
      ).toBe(true),
    )
  }
  for (const [name, value] of Object.entries(view.fields ?? {}))
    expect(
      scope.queryAllByRole('textbox', { name }).map((field) => (field as HTMLInputElement).value),
      `field ${name}`,
    ).toContain(value)
}

/**
 * Checks that the screen shows, for every leaf state the snapshot is in (or the one state an
 * oracle expects, with what it holds), what the table says.
 * Waits for the view to settle: a React update may still be on its way after the step's event.
 */
export async function expectView(table: ViewTable, at: Expected<unknown, State> | object, sent: readonly EventObject[], root: HTMLElement = document.body) {
  // An oracle's expectation has a state and what it holds; a snapshot has neither.
  const expected = 'state' in at && 'held' in at ? (at as Expected<unknown, State>) : undefined
  const rows = (expected ? leavesOf(expected.state) : activeLeafIds(at)).map((id) => {
    const row = table[id]
    if (!row) throw new Error(`The view table has no row for state ${id}`)
    return typeof row === 'function' ? row(sent, expected?.held) : row
  })
  await waitFor(() => rows.forEach((view) => expectStateView(view, root)))
}

/** What a row shows, as a key two rows alike share: the reason a row gives is no part of the screen. */
export function screenKey(view: StateView) {
  const { sameScreen: _why, ...shown } = view
  return JSON.stringify(shown, (_, value: unknown) => (value instanceof RegExp ? String(value) : value))
}

/**
 * States that share a row (the same row, or rows alike) fail unless each row says why a person
 * cannot tell them apart on the screen (`sameScreen`). Rows written from the path are told apart
 * by their own code and are not compared.
 */
export function expectSharedRowsExplained(table: ViewTable) {
  const byRow = new Map<string, string[]>()
  for (const [id, row] of Object.entries(table)) {
    if (typeof row === 'function') continue
    const key = screenKey(row)
    byRow.set(key, [...(byRow.get(key) ?? []), id])
  }
  const unexplained = [...byRow.values()].filter((ids) => ids.length > 1).flatMap((ids) => ids.filter((id) => !(table[id] as StateView).sameScreen))
  expect(unexplained, 'states that share a view row without saying why a person cannot tell them apart').toEqual([])
}

/** A table that misses a state, or keeps a row for a state that is gone, fails. */
export function expectTableCoversMachine(table: ViewTable, machine: AnyStateMachine) {
  expect(Object.keys(table).sort()).toEqual(leafStateIds(machine))
}

/**
 * A table with a row for every state, and no two states sharing a row unless the row says why a
 * person cannot tell them apart on the screen.
 */
export function expectRowPerState(table: ViewTable, machine: AnyStateMachine) {
  expectTableCoversMachine(table, machine)
  expectSharedRowsExplained(table)
}
