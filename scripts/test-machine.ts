import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolveChromium } from '../e2e/support/browser'

/**
 * The first step of `npm test`: makes sure the machine has what the tests need, in its first
 * seconds rather than after minutes of type checks and unit tests. As root on Debian (this
 * project's machines, and CI) it installs what is missing of Debian's Chromium, its headless shell,
 * nginx and its JavaScript module (the package feed's real-client test) and poppler-utils (pdftotext and pdftoppm read the
 * invoices' PDFs); anywhere else a missing Chromium or poppler stops the run with the one command to
 * run (the PDF checks fail without poppler: they are never skipped), and a missing nginx only skips
 * its check.
 */
const browserPackages = ['chromium', 'chromium-headless-shell']
const installCommand = `sudo apt-get install -y ${browserPackages.join(' ')}`
const hasNginx = () => existsSync('/usr/sbin/nginx')
/** Debian's njs for nginx: deploy/nginx/prism.conf keys the feed's cache on a hash it makes. */
const hasNjs = () => existsSync('/usr/lib/nginx/modules/ngx_http_js_module.so')
const hasPoppler = () => existsSync('/usr/bin/pdftotext')

function hasChromium() {
  try {
    resolveChromium()
    return true
  } catch {
    return false
  }
}

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
const missing = [...(hasChromium() ? [] : browserPackages), ...(hasNginx() ? [] : ['nginx']), ...(hasNjs() ? [] : ['libnginx-mod-http-js']), ...(hasPoppler() ? [] : ['poppler-utils'])]

if (missing.length && canInstall) {
  console.log(`Installing Debian's ${missing.join(', ')} for the tests (once, about a minute)`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env })
}
if (!hasChromium()) {
  console.error(`No Chromium found for the browser tests. Run \`${installCommand}\` (Debian/Ubuntu), or set CHROMIUM_PATH, then \`npm test\` again.`)
  process.exit(1)
}
if (!hasPoppler()) {
  console.error("No pdftotext found: the invoices' PDF checks read them with poppler. Run `sudo apt-get install -y poppler-utils` (Debian/Ubuntu), then `npm test` again.")
  process.exit(1)
}
