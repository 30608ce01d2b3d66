import type { Plugin } from 'vite'
import { lastRecordedLevels } from '../testkit/model/recorded-levels.ts'

/** Where /__statecharts reads what the last test runs took (development server only). */
export const statechartsCoveragePath = '/__statecharts/coverage.json'

/**
 * The development server answers what the last test runs took at each level (the records the atlas
 * reads), so /__statecharts can draw the same coverage as the atlas. Read afresh at every ask: a
 * test run in another terminal shows at the next press.
 */
export function statechartsCoverage(): Plugin {
  return {
    name: 'prism-statecharts-coverage',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(statechartsCoveragePath, (_request, response) => {
        response.setHeader('Content-Type', 'application/json')
        response.setHeader('Cache-Control', 'no-store')
        response.end(JSON.stringify(lastRecordedLevels()))
      })
    },
  }
}
