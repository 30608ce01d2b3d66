import type { CallCase } from './call-case'
import { calls } from './calls'
import { runCalls, timeoutFor } from './cells'
import { expect, test } from './sessions'

// The browser logs every failed request itself, and a failure the spec leaves unshown is logged;
// each cell checks that nothing else is.
// (One pattern: test.use reads a two-element array as a value and its options.)
test.use({ expectedPageErrors: [new RegExp(['^Failed to load resource', ...calls.flatMap((call) => call.logged?.source ?? [])].join('|'))] })

/**
 * Up to five calls to a test: each signs in once per worker, and the slow cells wait side by side.
 * Every test waits out its slow answers (10 s) while its worker does nothing else: five calls a
 * test made nine tests five, and the matrix 175 test-seconds 138 (decision 0007).
 */
const perTest = 5

/** FAULT_CALLS (a pattern of rows' names, such as 'organisation') runs part of the matrix: those rows only. */
const chosen = process.env.FAULT_CALLS ? calls.filter((call) => new RegExp(process.env.FAULT_CALLS!).test(call.name)) : calls

for (const account of new Set(chosen.map((call) => call.account))) {
  const mine = chosen.filter((call) => call.account === account)
  const parts = Math.ceil(mine.length / perTest)
  for (let part = 0; part < parts; part++) {
    const share = mine.filter((_, index) => index % parts === part)
    test.describe(() => {
      test.use({ account })
      test(`as ${account}: ${names(share)} [S8.logged-only]`, async ({ page }) => {
        test.setTimeout(timeoutFor(share))
        // Each cell is reported as it ends, so a test that runs out of time still shows what it did.
        const results = await runCalls(page, share, (result) => test.info().annotations.push({ type: 'fault-cell', description: JSON.stringify(result) }))
        expect(results.filter((result) => !result.ok).map((result) => `${result.call} × ${result.fault}: ${result.error}`)).toEqual([])
      })
    })
  }
}

function names(share: readonly CallCase[]) {
  return share.map((call) => call.name.replace(' /api/', ' /')).join(', ')
}
