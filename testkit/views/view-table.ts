import type { EventObject } from 'xstate'

/**
 * What the user sees in one state, written by hand from the spec, never computed by the machine
 * under test. Every list is checked as given; a field left out is not checked.
 */
export interface StateView {
  /** Texts on screen: an element whose whole text is this string, or matches this pattern. */
  shows?: readonly (string | RegExp)[]
  /** Texts that must not be on screen. */
  hides?: readonly (string | RegExp)[]
  /** Buttons, by accessible name, that can be pressed. */
  enabled?: readonly string[]
  /** Buttons, by accessible name, on screen but not pressable (disabled or busy). */
  disabled?: readonly string[]
  /** Buttons, by accessible name, that show progress (a spinner where the label was): the one pressed, while its request is on its way. */
  busy?: readonly string[]
  /** Buttons, by accessible name, that are not on screen at all. */
  absent?: readonly string[]
  /** The accessible names of the open dialogs, all of them: [] when none is open. */
  dialogs?: readonly string[]
  /** The texts of the alerts on screen, all of them: [] when there is none. */
  alerts?: readonly (string | RegExp)[]
  /** Text fields, by accessible name, and the value each shows (a typed value, a read-only key). */
  fields?: Readonly<Record<string, string>>
  /** Why a person cannot tell this state on the screen from the others that share its row: a shared row must say so. */
  sameScreen?: string
}

/**
 * A state's row: literal, or written from the events the test itself sent along the path (which
 * plan, how many seats) and what the machine's oracle says the flow holds after them (`held`, when
 * the walk has an oracle), never from the machine's context.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ViewRow<THeld = any> = StateView | ((sent: readonly EventObject[], held: THeld) => StateView)

/** One row per atomic or final state of a machine, keyed by the state node's id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ViewTable<THeld = any> = Readonly<Record<string, ViewRow<THeld>>>
