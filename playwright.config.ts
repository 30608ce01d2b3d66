import { defineConfig, devices } from '@playwright/test'
import { offlineChromiumArgs, resolveChromium } from './e2e/support/browser'

const port = Number(process.env.E2E_PORT ?? 5183)
export const baseURL = `https://localhost:${port}`

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: resolveChromium(),
      args: [...offlineChromiumArgs, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /\.mutating\.spec\.ts$/ },
    // Journeys that change the demo accounts run after the rest, each on an account of its own.
    { name: 'changes', use: { ...devices['Desktop Chrome'] }, testMatch: /\.mutating\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    // Every run starts from exactly the demo accounts.
    command: 'node_modules/.bin/tsx server/db/reset.ts && node_modules/.bin/tsx server/main.ts',
    url: `${baseURL}/`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), LOCAL_DIR: '.local/e2e' },
  },
})
