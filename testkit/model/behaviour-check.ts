/**
 * A check of behaviour is a failed expectation that says what it checked (`expect(value, name)`):
 * where the flow rests and what it holds by the oracle, what it told, what the screen shows
 * (tests/support/oracle-check.ts, tests/support/view-table.ts). A wrong transition counts as refused
 * only when one of them fails; any other error (the mutant throwing, a timeout, a row missing from
 * a view table) refuses nothing.
 */

/** Chai's message for a named expectation: `<name>: expected …`. */
const named = /^(.+?): expected /s

/** The name of the check of behaviour that `error` reports, if it is one. */
export function failedCheck(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== 'AssertionError') return undefined
  return named.exec(error.message)?.[1]
}

/** The same, from a failure as Vitest's JSON reporter writes it: the error's name, its message, then its stack. */
export function failedCheckIn(failureMessage: string): string | undefined {
  const [, message] = /^AssertionError: (.*)/s.exec(failureMessage) ?? []
  return message === undefined ? undefined : named.exec(message)?.[1]
}
