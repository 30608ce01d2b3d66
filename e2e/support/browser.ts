import { createHash, X509Certificate } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

const debianChromium = '/usr/bin/chromium'
/** Debian's chromium-headless-shell: the same engine without the desktop browser around it, as Playwright runs headless tests by default. */
const debianHeadlessShell = '/usr/bin/chromium-headless-shell'

/**
 * The Chromium the browser tests drive, in this order: CHROMIUM_PATH, Playwright's own
 * browser when it is installed, Debian's chromium-headless-shell package (on these 2-core
 * machines it runs the suite about a third faster than the full browser), then Debian's chromium.
 * Lighthouse measures the full browser (`fullBrowser`), as a visitor's would render the page.
 */
export function resolveChromium(env: Record<string, string | undefined> = process.env, { fullBrowser = false } = {}): string {
  const explicit = env.CHROMIUM_PATH
  if (explicit) {
    if (existsSync(explicit)) return explicit
    throw new Error(`CHROMIUM_PATH points at ${explicit}, which does not exist.`)
  }
  const bundled = safeBundledPath()
  if (bundled && existsSync(bundled)) return bundled
  if (!fullBrowser && existsSync(debianHeadlessShell)) return debianHeadlessShell
  if (existsSync(debianChromium)) return debianChromium
  throw new Error(
    'No Chromium found for the browser tests. Install one with `sudo apt-get install -y chromium-headless-shell` ' +
      '(Debian/Ubuntu), or `npx playwright install chromium` where downloads are allowed, ' +
      'or set CHROMIUM_PATH to a Chromium executable.',
  )
}

function safeBundledPath(): string | undefined {
  try {
    return chromium.executablePath()
  } catch {
    return undefined
  }
}

/** Flags that keep Chromium quiet on a machine without internet access. */
export const offlineChromiumArgs = ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync']

/**
 * Flags that spare the 2-core test machines work a test never looks at: compositing through a
 * software GPU process (about a tenth of the browser tests' CPU time), V8's optimizing compilers,
 * whose background compiles do not pay back on pages that live a few seconds, and a renderer
 * process for each new page. What a page runs and shows is the same: the interpreter and the
 * baseline compiler run the same code, and pages share a renderer only within one test's browser
 * context (another context's storage keeps it apart), where the accessibility sweep opens a page
 * for each path and the fault matrix one for each slow cell: those then start in a process whose
 * V8 has already compiled the app. Measured alone on a quiet machine: the sweep 233.5 CPU-seconds
 * without it, 184.0 with it; the fault matrix 223.9 and 202.9; the chromium project 498.5 and
 * 469.9 (decision 0071).
 */
export const testChromiumArgs = ['--disable-gpu', '--js-flags=--no-opt,--no-maglev', '--renderer-process-limit=1']
/** The flag of testChromiumArgs that turns V8's optimizing compilers off, for pages that compute for seconds. */
export const withoutOptimizingCompilers = testChromiumArgs[1]!

/**
 * The flag that has Chromium trust the local stack's self-signed certificate, by its public key.
 * With Playwright's `ignoreHTTPSErrors` alone, a new connection fails the certificate check and
 * Chromium restarts the request, ignoring the error; a request restarted 32 times fails with
 * `net::ERR_TOO_MANY_RETRIES` (HttpNetworkTransaction's limit), as a page's stylesheet did when the
 * machine was busy. A trusted certificate raises no error to restart from.
 */
export function trustingCertificate(certificatePem: string) {
  const publicKey = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' })
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(publicKey).digest('base64')}`
}
