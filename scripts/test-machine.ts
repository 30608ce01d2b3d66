import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolveChromium } from '../e2e/support/browser'

/**
 * The first step of `npm test`: makes sure the machine has what the browser tests need, in its
 * first seconds rather than after minutes of type checks and unit tests. As root on Debian (this
 * project's machines, and CI) it installs Debian's Chromium and its headless shell, as `.ci/run`
 * did; anywhere else it stops with the one command to run.
 */
const debianPackages = ['chromium', 'chromium-headless-shell']
const installCommand = `sudo apt-get install -y ${debianPackages.join(' ')}`

function hasChromium() {
  try {
    resolveChromium()
    return true
  } catch {
    return false
  }
}

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')

if (!hasChromium()) {
  if (!canInstall) {
    console.error(`No Chromium found for the browser tests. Run \`${installCommand}\` (Debian/Ubuntu), or set CHROMIUM_PATH, then \`npm test\` again.`)
    process.exit(1)
  }
  console.log(`Installing Debian's ${debianPackages.join(' and ')} for the browser tests (once, about a minute)`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...debianPackages], { stdio: ['ignore', 'ignore', 'inherit'], env })
  if (install.status !== 0 || !hasChromium()) {
    console.error(`Installing Chromium failed. Run \`${installCommand}\`, then \`npm test\` again.`)
    process.exit(1)
  }
}
