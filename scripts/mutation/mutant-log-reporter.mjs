// @ts-check
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import process from 'node:process'

/**
 * A Stryker reporter: each mutant's result as one JSON line, as soon as it is known, in
 * `mutants.jsonl` beside the run's JSON report. A long run (hours on a shared 2-core machine)
 * writes its JSON report only when it ends; this file lets its survivors be read while it runs, and
 * says what a run stopped part-way had tested.
 * Written as the plain plugin object that `declareClassPlugin` of @stryker-mutator/api returns.
 */
class MutantLogReporter {
  static inject = /** @type {const} */ (['options'])
  /** @param {{ jsonReporter: { fileName: string } }} options */
  constructor(options) {
    this.file = join(dirname(options.jsonReporter.fileName), 'mutants.jsonl')
    mkdirSync(dirname(this.file), { recursive: true })
    writeFileSync(this.file, '')
  }

  /** @param {Readonly<import('@stryker-mutator/api/core').MutantResult>} result */
  onMutantTested(result) {
    const { id, fileName, location, mutatorName, replacement, status, statusReason, static: isStatic, testsCompleted, coveredBy, killedBy } = result
    const line = {
      id,
      file: relative(process.cwd(), fileName),
      line: location.start.line,
      column: location.start.column,
      mutatorName,
      replacement,
      status,
      static: isStatic,
      testsCompleted,
      covering: coveredBy?.length,
      killedBy,
      statusReason,
    }
    appendFileSync(this.file, `${JSON.stringify(line)}\n`)
  }
}

export const strykerPlugins = [{ kind: 'Reporter', name: 'mutant-log', injectableClass: MutantLogReporter }]
