import { demo } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { tourPageErrors } from './support/machine-tour'
import { expectRefusalsChangeNothingInBrowser } from './support/oracle-refusals'
import { openSignedIn } from './support/signed-in'
import { walkPaths } from './support/walk-paths'
import { describeInput } from '../testkit/model/paths'
import { pathsByInput, tours } from './tours/tours'

/**
 * Every state of every account page and dialog, reached by the generated paths of its machine,
 * checked by axe once and sent the events the spec refuses there. The API requests are held and
 * answered as each path says, so nothing changes on the server and each state stays on screen
 * while it is checked.
 */
test.describe('axe in every state', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  for (const [name, tour] of Object.entries(tours).filter(([, tour]) => !tour.sweptElsewhere)) {
    // A group without a title of its own: the tests keep their names.
    test.describe(() => {
      test.use({ expectedPageErrors: tourPageErrors(tour) })
      for (const paths of pathsByInput(tour)) {
        test(`${name}${describeInput(paths[0]!.input)}: ${paths.length} paths`, async ({ context, pageErrors }) => {
          test.setTimeout(60_000 + paths.length * 30_000)
          const checked = new Set<string>()
          await walkPaths(context, pageErrors, tour, paths, async (page, path, key, index) => {
            if (checked.has(key)) return
            checked.add(key)
            await test.step(`axe: ${key}`, () => expectNoAxeViolations(page))
            // The spec's refusals in each state, once (decision 0074). The branch is the test's economy: walkTour
            // sends them at a path's end, once its requests have settled; a page whose machine moves on by itself has no state to keep.
            if (index < path.steps.length - 1 && !tour.notHeldAtEnd) {
              const sent = path.steps.slice(0, index + 1).map((step) => step.event)
              await test.step(`refusals: ${key}`, () => expectRefusalsChangeNothingInBrowser(page, tour.plan.name, path.input, sent))
            }
          })
          expect(checked.size, 'states checked by axe').toBeGreaterThan(0)
        })
      }
    })
  }
})

/**
 * The account pages in the dark scheme, as the stack serves them: the sweep above checks every
 * state in the light scheme only, and a colour that reads on white may not on dark (decision 0077).
 */
test.describe('axe on the account pages in the dark scheme', () => {
  test.use({ colorScheme: 'dark' })
  const visits: Record<string, string[]> = {
    [demo.commercial]: ['/account', '/account/licenses', '/account/members', '/account/invoices', '/account/profile'],
    [demo.plus]: ['/account/feed-tokens'],
  }
  for (const [email, paths] of Object.entries(visits))
    test(`as ${email}: ${paths.join(', ')}`, async ({ page }) => {
      for (const [index, path] of paths.entries()) {
        await (index === 0 ? openSignedIn(page, email, path) : page.goto(path))
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        await test.step(`axe: ${path}`, () => expectNoAxeViolations(page))
      }
    })
})
