import { readFileSync } from 'node:fs'
import { devServer } from '@/playwright.config'
import { allModels } from '../testkit/model/node-flows'
import { expectNoAxeViolations } from './support/axe'
import { demo } from './support/accounts'
import { expect, test } from './support/fixtures'
import { untilServerReady } from './support/servers'

// These run against the development build (`npm run dev`): the viewer and the inspector exist only there.
// Every machine in machines/ (tests/flows/charts.test.ts checks that each has a model), in the viewer's order.
const machines = allModels.map((model) => model.machine.id).sort((a, b) => a.localeCompare(b))

/** How late the dev tools' module answers in the sign-in test: longer than the app takes to leave for the provider. */
const devtoolsLate = 3_000

/** Whether `expected` appears in `actual` in the same order (other entries may come between). */
const inOrder = (actual: string[], expected: string[]) => {
  let next = 0
  for (const entry of actual) if (entry === expected[next]) next++
  return next === expected.length
}

// The other projects' tests start before the development server is ready (playwright.config.ts):
// these wait for it, within Playwright's two minutes for a web server.
test.beforeAll(async () => {
  test.setTimeout(120_000)
  await untilServerReady(devServer, 110_000)
})

test.describe('the offline statechart viewer (development build)', () => {
  test.beforeEach(async ({ page }) => {
    // Nothing may leave this machine: the diagrams are drawn without any network access.
    await page.route(
      (url) => url.hostname !== 'localhost',
      (route) => route.abort(),
    )
    page.on('request', (request) => expect(new URL(request.url()).hostname, `request to ${request.url()}`).toBe('localhost'))
  })

  test('draws every machine, offline, passes axe, and exports a machine as Stately JSON', async ({ page }) => {
    // Each of the 26 machines is scrolled to and drawn by the development build: on a machine at
    // half its speed (a clean-clone run of 30 November) that alone took past the project's 90 s.
    test.setTimeout(180_000)
    await page.goto('/__statecharts')
    await expect(page).toHaveTitle('Statecharts · Prism (development)')
    await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Machines' }).getByRole('link')).toHaveText(machines)
    // The viewer draws the charts near what the reader sees (src/devtools/components/Diagram.tsx): each is scrolled to.
    for (const machine of machines) {
      const section = page.getByRole('region', { name: machine, exact: true })
      await section.scrollIntoViewIfNeeded()
      await expect(section.getByRole('img', { name: `Statechart of ${machine}` })).toBeVisible()
      await expect(section.getByRole('img').locator('svg g.node, svg g[id^="state-"]').first()).toBeAttached()
      await expect(section.getByRole('list', { name: `States of ${machine}` })).toBeVisible()
    }
    // Labels read as written: the entity codes that keep Mermaid's syntax apart are shown as : and ;.
    await expect(page.getByRole('img', { name: 'Statechart of session' })).toContainText('done: loadAccount / keepAccount')
    await expectNoAxeViolations(page)

    // Each machine exports as the JSON the Stately visualizer imports (on the page already drawn:
    // a development-build page load costs seconds).
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export session as Stately JSON' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('session.json')
    expect(readFileSync(await file.path(), 'utf8')).toBe(readFileSync('docs/statecharts/session.json', 'utf8'))

    // The atlas's coverage, on the same diagrams: each state marked with the highest level of test
    // that took it in the last runs (0 where none did, or none were recorded).
    const showCoverage = page.getByRole('button', { name: 'Show what the tests took' })
    await showCoverage.click()
    await expect(showCoverage).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('list', { name: 'Coverage marks' }).getByRole('listitem')).toHaveCount(4)
    const sessionSection = page.getByRole('region', { name: 'session', exact: true })
    await sessionSection.scrollIntoViewIfNeeded()
    const covered = page.getByRole('img', { name: 'Statechart of session, marked with what the tests took' })
    // The charts near the view are drawn again: on a busy machine that takes a while.
    await expect(covered).toContainText(/ready \((B|C|M|0)\)/, { timeout: 60_000 })
    await expect(covered).toContainText(/\((B|C|M|0)\) done: loadAccount \/ keepAccount/)
    await expectNoAxeViolations(page)
    await showCoverage.click()
    // The button is above the charts: clicking it may scroll the session's chart out of the range
    // that is drawn, where it keeps its marked picture (labelled so) until it is near again.
    await sessionSection.scrollIntoViewIfNeeded()
    const plain = page.getByRole('img', { name: /^Statechart of session(, current state: .*)?$/ })
    await expect(plain).toBeVisible({ timeout: 60_000 })
    await expect(plain).not.toContainText('ready (')
  })

  test('highlights the states of signing in, in order, beside the app, without the inspector', async ({ page }) => {
    // Room for the first compiles below, on a busy machine.
    test.setTimeout(240_000)
    // Without ?inspect the inspector stays off: nothing opens its window (a call would fail the test).
    await page.addInitScript(refuseWindowOpen)
    await page.goto('/__statecharts')
    await page.getByRole('button', { name: 'Clear what this tab saw' }).click()
    // The dev tools' module answers late, as a busy development server's does: the account area,
    // whose first state sends the person to the provider, must wait for them to record its states.
    await page.route(/\/src\/devtools\/start\.ts/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, devtoolsLate))
      await route.continue()
    })
    await page.getByRole('button', { name: 'Open the account area with the statecharts beside it' }).click()
    // The development server compiles the account area, My Licenses and the dock's diagrams on
    // their first visit: on a busy machine that takes longer than the usual wait.
    const firstCompile = { timeout: 90_000 }
    await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toBeVisible(firstCompile)
    await page.getByRole('button', { name: demo.commercial, exact: true }).click()
    await expect(page.getByRole('article', { name: 'Commercial', exact: true })).toBeVisible(firstCompile)

    const dock = page.getByRole('complementary', { name: 'Statecharts' })
    const states = (machine: string) => dock.getByRole('list', { name: `States of ${machine}`, exact: true })
    const seen = (machine: string) => dock.getByRole('list', { name: `States of ${machine} seen in this tab, in order` })
    // What each machine is in now is highlighted, in the diagram and in the list of states.
    await expect(states('auth').getByText('none', { exact: true })).toHaveAttribute('aria-current', 'true')
    await expect(states('auth').getByText('startup', { exact: true })).not.toHaveAttribute('aria-current')
    await expect(states('session').getByText('ready', { exact: true })).toHaveAttribute('aria-current', 'true')
    await expect(states('myLicenses').getByText('licensed', { exact: true })).toHaveAttribute('aria-current', 'true')
    await expect(dock.getByRole('img', { name: 'Statechart of session, current state: ready' })).toBeVisible()
    await expect(dock.getByRole('img', { name: 'Statechart of session, current state: ready' }).locator('g.current, .current').first()).toBeAttached()

    // And the states the tab went through, in order, across the trip to the identity provider.
    await expect
      .poll(async () => inOrder(await seen('auth').getByRole('listitem').allTextContents(), ['startup.initializing', 'none', 'login', 'startup.initializing', 'startup.handleRedirect', 'none']))
      .toBe(true)
    // The session loads the account and the organisation side by side: whichever comes first, then ready.
    await expect.poll(async () => (await seen('session').getByRole('listitem').allTextContents()).at(-1)).toBe('ready')
    const session = await seen('session').getByRole('listitem').allTextContents()
    expect(session[0]).toBe('loading.account.loading, loading.organisation.loading, loading.licenses.asked')
    expect(session.slice(1, -1).every((state) => /^loading\.account\.(loading|loaded), loading\.organisation\.(loading|loaded), loading\.licenses\.asked$/.test(state))).toBe(true)
    await expect.poll(async () => await seen('myLicenses').getByRole('listitem').allTextContents()).toEqual(['takingFirstPage', 'licensed'])
    await expectNoAxeViolations(page)
  })
})

test.describe('live inspection with ?inspect (development build)', () => {
  test('attaches the Stately inspector to every actor, across the sign-in', async ({ page }) => {
    // Stands in for the inspector's window (stately.ai is not reachable here): it records what it is sent.
    await page.addInitScript(() => {
      const record = { opened: [] as string[], posted: [] as { type?: string; name?: string }[] }
      Object.assign(window, { inspectorRecord: record })
      window.open = ((url: string, target: string) => {
        record.opened.push(`${url} ${target}`)
        setTimeout(() => window.postMessage({ type: '@statelyai.connected' }, '*'), 0)
        return { postMessage: (message: { type?: string; name?: string }) => record.posted.push(message) } as unknown as Window
      }) as typeof window.open
    })
    const inspected = () => page.evaluate(() => (window as unknown as { inspectorRecord: { opened: string[]; posted: { type?: string; name?: string }[] } }).inspectorRecord)

    await page.goto('/account?inspect')
    await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toBeVisible()
    await page.getByRole('button', { name: demo.plus, exact: true }).click()
    await expect(page.getByRole('article', { name: 'Commercial Plus' })).toBeVisible()
    // Back from the provider, the tab still inspects (the address no longer has ?inspect). The
    // development server compiles the inspector's modules on their first load: on a busy machine
    // that takes longer than the usual wait.
    const firstCompile = { timeout: 90_000 }
    await expect.poll(async () => (await inspected()).opened, firstCompile).toEqual(['https://stately.ai/inspect xstateinspector'])
    await expect
      .poll(async () => [...new Set((await inspected()).posted.filter((message) => message.type === '@xstate.actor').map((message) => message.name))].sort(), firstCompile)
      .toEqual(expect.arrayContaining(['auth', 'discordConnect', 'licenseKey', 'myLicenses', 'session', 'tokenAcquisition']))
    expect((await inspected()).posted.some((message) => message.type === '@xstate.snapshot')).toBe(true)
  })
})

/** Stands in for window.open in a page that must not open the inspector: any call is a page error. */
function refuseWindowOpen() {
  window.open = (() => {
    throw new Error('window.open was called')
  }) as typeof window.open
}
