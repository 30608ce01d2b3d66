import { join } from 'node:path'
import { readLevels } from './coverage-report.ts'

/** Where the model-based tests record what ran (`npm test`, `npm run test:model`: MODEL_COVERAGE_DIR). */
export const modelCoverageDir = '.coverage-model'
/** The browser level's records under a Playwright project's output folder. */
export const browserCoverageDir = (outputDir: string) => join(outputDir, 'model-coverage')
/** The atlas's own browser run's output folder. */
export const atlasRunDir = 'test-results/atlas'

/**
 * What the last test runs took at each level, as the atlas and /__statecharts draw it: the model
 * tests' records, and the browser runs' (npm test's and the atlas's). Light on purpose: Vite's
 * config loads it for the statecharts page (its value imports name their files' extensions, as
 * Vite's native config loader needs).
 */
export const lastRecordedLevels = () => readLevels(modelCoverageDir, [browserCoverageDir('test-results'), browserCoverageDir(atlasRunDir)])
