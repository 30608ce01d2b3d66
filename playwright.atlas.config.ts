import { defineConfig } from '@playwright/test'
import type { E2eServer } from './e2e/support/servers'
import base, { stackDataDir } from './playwright.config'
import { mailPortsFor } from './server/local/mail-catcher-ports'

/**
 * The QA atlas's browser run (`npm run atlas`, scripts/atlas.ts): the tours of e2e/tours/ walked
 * once more, each state photographed (e2e/tours/atlas.capture.ts), against the built site and the
 * local stack reset to the demo accounts, as in `npm test`, on the same port (E2E_PORT). Only the
 * built site's server starts: the development build has no tour.
 */
const port = Number(process.env.E2E_PORT ?? 5183)
const server: E2eServer = { port, localDir: stackDataDir, dev: false, readyPath: '/', env: mailPortsFor(port) }
const chromium = base.projects!.find((project) => project.name === 'chromium')!

export default defineConfig({
  ...base,
  testMatch: /atlas\.capture\.ts$/,
  // Its browser coverage beside npm test's, not over it (scripts/atlas.ts reads both).
  outputDir: 'test-results/atlas',
  reporter: [['list']],
  projects: [{ name: 'atlas', use: chromium.use }],
  webServer: { ...base.webServer, command: `node_modules/.bin/tsx scripts/e2e-servers.ts '${JSON.stringify([server])}'` },
})
