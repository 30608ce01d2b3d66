import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { demo, signInAs } from './support/accounts'
import { expect, test } from './support/fixtures'

// The statechart viewer and live inspection exist in development builds only (e2e/statecharts.dev.spec.ts).
const devtoolsMarkers = ['@statelyai', 'stately.ai/inspect', 'xstateinspector', 'mermaid', '__statecharts', 'prism-devtools', 'connectInspection']

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
}

test.describe('the production build', () => {
  test('contains nothing of the dev tools', () => {
    const files = filesUnder('dist').filter((file) => /\.(js|html|css|json)$/.test(file))
    expect(files.length).toBeGreaterThan(10)
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return devtoolsMarkers.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`)
    })
    expect(found).toEqual([])
  })

  test.describe('at /__statecharts', () => {
    // Chromium reports the 404 status of the document itself as a console error.
    test.use({ expectedPageErrors: [/Failed to load resource: the server responded with a status of 404/] })

    test("answers 404 with 'Page not found'", async ({ page }) => {
      const response = await page.goto('/__statecharts')
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    })
  })

  test('ignores ?inspect', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = (() => {
        throw new Error('window.open was called')
      }) as typeof window.open
    })
    await signInAs(page, demo.nolicense, '/account?inspect')
    await expect(page.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Statecharts' })).toHaveCount(0)
  })
})
