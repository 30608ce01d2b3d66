import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { modelCoverageDir, reportModelCoverage } from './model-coverage-check'

/**
 * `npm run test:model`: runs the model-based tests (the generated paths of every machine, replayed
 * on the machine and on its views) while recording, through XState's inspection, the states each
 * machine actor entered and the transitions it took (testkit/model/recorder.ts). Then prints per
 * machine and level what ran out of the total. Fails when a test fails or a machine is below 100%
 * at the machine or at the component level.
 */
const modelTestFilters = ['tests/flows/', '.component.test.']

rmSync(modelCoverageDir, { recursive: true, force: true })
const vitest = spawnSync('node_modules/.bin/vitest', ['run', ...modelTestFilters], { stdio: 'inherit', env: { ...process.env, MODEL_COVERAGE_DIR: modelCoverageDir } })
const incomplete = reportModelCoverage()
process.exit(vitest.status !== 0 ? (vitest.status ?? 1) : incomplete ? 1 : 0)
