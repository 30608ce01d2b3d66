import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import type { CellResult } from './cells'
import { calls } from './calls'
import { faultIds } from './faults'

/**
 * Prints the fault matrix once the run ends: a row per API call, a column per fault, pass or FAIL
 * in each cell, then the count and what went wrong in each failed cell. Prints nothing when no
 * cell ran (a run of other projects).
 */
export default class FaultMatrixReporter implements Reporter {
  private readonly cells = new Map<string, CellResult>()
  private readonly crashed = new Set<string>()

  onTestEnd(test: TestCase, result: TestResult) {
    const annotations = [...test.annotations, ...(result.annotations ?? [])].filter((annotation) => annotation.type === 'fault-cell')
    for (const annotation of annotations) {
      const cell = JSON.parse(annotation.description ?? '{}') as CellResult
      this.cells.set(key(cell.call, cell.fault), cell)
    }
    // A test that stopped before reporting all its cells (a sign-in that broke, a timeout).
    if (test.location.file.endsWith('.faults.spec.ts') && (result.status === 'timedOut' || result.status === 'interrupted' || (annotations.length === 0 && result.status === 'failed')))
      this.crashed.add(test.title)
  }

  async onEnd(result: FullResult) {
    if (this.cells.size === 0 && this.crashed.size === 0) return
    const nameWidth = Math.max(...calls.map((call) => call.name.length))
    const widths = faultIds.map((id) => Math.max(id.length, 4))
    const line = (first: string, rest: string[]) => [first.padEnd(nameWidth), ...rest.map((text, index) => text.padEnd(widths[index]!))].join(' | ')
    const rows = [
      line('API call', faultIds),
      line(
        '-'.repeat(nameWidth),
        widths.map((width) => '-'.repeat(width)),
      ),
    ]
    let passed = 0
    let total = 0
    const failures: string[] = []
    for (const call of calls) {
      rows.push(
        line(
          call.name,
          faultIds.map((fault) => {
            const cell = this.cells.get(key(call.name, fault))
            if (!cell) return '-'
            total++
            if (cell?.ok) {
              passed++
              return 'pass'
            }
            failures.push(`${call.name} × ${fault}: ${cell.error}`)
            return 'FAIL'
          }),
        ),
      )
    }
    const out = [
      '',
      'Fault matrix (issue 8): each API call under each fault',
      '',
      ...rows,
      '',
      `${passed} of ${total} cells pass${total === calls.length * faultIds.length ? '' : ` (${calls.length * faultIds.length} in the full matrix)`}`,
    ]
    if (failures.length) out.push('', 'Failed cells:', ...failures.map((failure) => `  ${failure}`))
    if (this.crashed.size) out.push('', 'Tests that stopped before reporting all their cells (missing cells show as -):', ...[...this.crashed].map((title) => `  ${title}`))
    process.stdout.write(`${out.join('\n')}\n`)
    if ((failures.length || this.crashed.size) && result.status === 'passed') return { status: 'failed' as const }
  }
}

const key = (call: string, fault: string) => `${call}\u0000${fault}`
