import { defineConfig, devices } from '@playwright/test'
import { offlineChromiumArgs, resolveChromium, testChromiumArgs, trustingCertificate, withoutOptimizingCompilers } from './e2e/support/browser'
import { serversReady, type E2eServer } from './e2e/support/servers'
import { mailPortsFor } from './server/local/mail-catcher-ports'
import { loadOrCreateCertificate } from './server/local/tls'

const port = Number(process.env.E2E_PORT ?? 5183)
export const baseURL = `https://localhost:${port}`
/** The stack's data (database, certificate, mail) for this port: runs on other ports keep apart. */
export const stackDataDir = `.local/e2e-${port}`
// The development build (`npm run dev`), for the dev-only tools: the statechart viewer and the inspector.
const devPort = Number(process.env.E2E_DEV_PORT ?? port + 10)
const devURL = `https://localhost:${devPort}`
const devDataDir = `.local/e2e-dev-${devPort}`
// Each server's mail catcher (MailDev) on ports that follow its own, so runs on other E2E ports do
// not collide; MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT choose the main server's.
const mailPorts = (serverPort: number, env: Record<string, string | undefined> = {}) => {
  const derived = mailPortsFor(serverPort)
  return { MAILDEV_SMTP_PORT: env.MAILDEV_SMTP_PORT ?? derived.MAILDEV_SMTP_PORT, MAILDEV_WEB_PORT: env.MAILDEV_WEB_PORT ?? derived.MAILDEV_WEB_PORT }
}
const mail = mailPorts(port, process.env)
// The built stack's certificate, made here if its server has not made it yet, so that the browser
// trusts it from its launch (e2e/support/browser.ts says why).
const trustStack = trustingCertificate((await loadOrCreateCertificate(stackDataDir)).cert)
/** The main server's mail inbox: MailDev's REST API lists what arrived at GET /api/email. */
export const mailInboxURL = `http://127.0.0.1:${mail.MAILDEV_WEB_PORT}`

/**
 * The same stack with Vite's dev server, on data of its own. Ready once Vite has bundled the dev
 * tools' dependencies (mermaid is large), which takes many seconds more than the built stack: the
 * other projects start without it, and the development build's tests wait for it (their `beforeAll`).
 */
export const devServer: E2eServer = {
  port: devPort,
  localDir: devDataDir,
  dev: true,
  readyPath: '/node_modules/.vite/deps/mermaid.js',
  env: mailPorts(devPort),
  startsBesideTests: true,
}
const servers: E2eServer[] = [
  // The reminders' jobs every 3 s instead of hourly, so a journey finds its reminder in the mail catcher.
  { port, localDir: stackDataDir, dev: false, readyPath: '/', env: { ...mail, PERIODIC_JOBS_EVERY_MS: '3000' } },
  devServer,
]

const launchOptions = {
  executablePath: resolveChromium(),
  args: [...offlineChromiumArgs, ...testChromiumArgs, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
}
/** The projects on the built stack: the development build's few tests keep Playwright's own way of ignoring its certificate. */
const trustingTheStack = { launchOptions: { ...launchOptions, args: [...launchOptions.args, trustStack] } }
/**
 * The development build's pages draw every machine with Mermaid, whose layout computes for tens of
 * seconds: there V8's optimizing compilers pay back. Its drawing test, four runs side by side on a
 * busy machine: 90 s and out of time twice without them, 60 and 66 s with them (decision 0067).
 */
const optimizingPages = { launchOptions: { ...launchOptions, args: launchOptions.args.filter((arg) => arg !== withoutOptimizingCompilers) } }

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two workers keep both cores busy: a third made pages slow enough for tests to time out.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['./e2e/faults/matrix-reporter.ts'], ['./e2e/support/model-coverage-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    ignoreHTTPSErrors: true,
    // A failed test keeps a screenshot of the page as it failed and Playwright's error context (the
    // page's accessibility tree). No trace: recording one copies every response body out of the
    // browser (32 tests measured: a tenth of their time); `--trace retain-on-failure` records it
    // when a failure needs the network and the actions.
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a visitor who asked for reduced motion: the app then shows no transitions and no spinning
    // loaders (src/ui/site.css), which the browser would otherwise draw sixty times a second (the
    // same 32 tests: an eighth of their time; decision 0017). The section-link tests ask for motion,
    // to check the smooth scroll.
    reducedMotion: 'reduce',
    launchOptions,
  },
  projects: [
    // First, so that its few slow tests start beside the others rather than after them; one worker at
    // most for this project and for the fault matrix, so that the other always loads the other pages.
    // Vite's dev server sends every module on its own and transforms it on first use: pages load
    // several times slower than the built site, most of all while the other projects run.
    { name: 'dev', use: { ...devices['Desktop Chrome'], ...optimizingPages, baseURL: devURL }, testMatch: /\.dev\.spec\.ts$/, workers: 1, timeout: 90_000, expect: { timeout: 25_000 } },
    // Every API call under every fault of issue 8 (e2e/faults); `npm run test:faults` runs only these.
    // Each test runs many cells in a row, so a page slow to load on a busy machine gets more time.
    { name: 'faults', use: { ...devices['Desktop Chrome'], ...trustingTheStack, actionTimeout: 15_000 }, testMatch: /\.faults\.spec\.ts$/, workers: 1, expect: { timeout: 15_000 } },
    // Journeys that change data (*.mutating) sign up people of their own, so they run beside the rest.
    { name: 'chromium', use: { ...devices['Desktop Chrome'], ...trustingTheStack }, testIgnore: /\.(dev|faults)\.spec\.ts$/ },
  ],
  // Every run starts from exactly the demo accounts. The two servers start side by side
  // (scripts/e2e-servers.ts); Playwright would start them one after the other.
  webServer: {
    command: `node_modules/.bin/tsx scripts/e2e-servers.ts '${JSON.stringify(servers)}'`,
    wait: { stdout: new RegExp(serversReady) },
    reuseExistingServer: false,
    timeout: 120_000,
  },
})
