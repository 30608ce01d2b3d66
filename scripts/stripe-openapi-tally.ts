import { existsSync, readFileSync } from 'node:fs'
import { sandboxOperations } from './stripe-openapi-operations'

/**
 * What a run's API contract tests checked against Stripe's API description: the recorder
 * (tests/support/server/stripe-openapi/recorder.ts) writes a line per exchange to the file
 * STRIPE_OPENAPI_REPORT names, and `npm test` prints its figures once Vitest has passed.
 */
export interface OpenApiTally {
  /** Requests and answers at /v1 checked against an operation of the description. */
  exchanges: number
  /** The operations they reached, of those the sandbox serves. */
  operations: number
  /** Webhook deliveries checked against the event the description names. */
  deliveries: number
  /** Exchanges the description disagreed with (their tests fail). */
  disagreed: number
}

/** The recorder's name for a webhook delivery's check, in place of an operation. */
const delivery = 'webhook event'

/** The figures of a report's lines (one JSON object per exchange: its operation, status and how many problems). */
export function tallyOf(report: string): OpenApiTally {
  const lines = report.split('\n').filter((line) => line.trim() !== '')
  const entries = lines.map((line) => JSON.parse(line) as { operation: string | null; problems: number })
  const checked = entries.filter((entry) => entry.operation !== null)
  const operations = new Set(checked.map((entry) => entry.operation).filter((operation) => operation !== delivery))
  return {
    exchanges: checked.filter((entry) => entry.operation !== delivery).length,
    operations: operations.size,
    deliveries: checked.filter((entry) => entry.operation === delivery).length,
    disagreed: checked.filter((entry) => entry.problems > 0).length,
  }
}

/** The report's file read, or no figures when no test wrote it. */
export const tallyOfFile = (file: string) => tallyOf(existsSync(file) ? readFileSync(file, 'utf8') : '')

/** The line `npm test` prints, and why the run fails when the check did not run (nothing was checked) or found a disagreement. */
export function describeTally(tally: OpenApiTally): { line: string; failure: string | null } {
  const line = `Stripe's API description: ${tally.exchanges} exchanges validated, of ${tally.operations} of the sandbox's ${sandboxOperations.length} operations, and ${tally.deliveries} webhook deliveries`
  if (tally.exchanges === 0) return { line, failure: "no exchange with the payment sandbox was checked against Stripe's API description" }
  if (tally.disagreed > 0) return { line, failure: `${tally.disagreed} exchanges disagreed with Stripe's API description` }
  return { line, failure: null }
}
