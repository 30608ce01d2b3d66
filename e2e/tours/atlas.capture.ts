import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import type { EventObject } from 'xstate'
import { describeEvent, describeInput } from '@/testkit/model/paths'
import { flows } from '@/testkit/model/node-flows'
import { activeLeafIds, oracleLeavesAfter } from '@/testkit/model/relation'
import { machineStarted, reachMachine } from '../support/app-machine'
import { expect, test } from '../support/fixtures'
import { walkPaths } from '../support/walk-paths'
import { tourPageErrors, type TourStep } from '../support/machine-tour'
import { atlasCapturesDir, atlasShotsDir, type AtlasCapture, type AtlasRecord, type SeenActor } from './atlas-record'
import { pathsByInput, tours } from './tours'

/**
 * The QA atlas's screenshots (`npm run atlas`, scripts/atlas.ts): the browser tours walk every
 * state they can show, as the accessibility checks do, and each state the user can tell apart is
 * photographed once, with the events that led there and the state every machine on the page was
 * in. Runs only under the atlas's own Playwright configuration, which sets ATLAS_DIR; `npm test`
 * never loads this file.
 */
const atlasDir = process.env.ATLAS_DIR

/** How long a screenshot waits for the page's app to start the toured machine's actor. */
const actorWait = 15_000

/** Context flags a page shows on top of a state (as the tours key them), with their text. */
const shownFlags = ['error', 'notice', 'saved', 'copied'] as const

test.describe('atlas of every toured state', () => {
  test.skip(!atlasDir, 'Only `npm run atlas` takes the screenshots (it sets ATLAS_DIR).')
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  // ATLAS_TOURS (npm run atlas -- --tours <pattern>) photographs only the tours whose machine it matches.
  const chosen = Object.entries(tours).filter(([name]) => !process.env.ATLAS_TOURS || new RegExp(process.env.ATLAS_TOURS).test(name))
  for (const { name, tour, group, paths } of chosen.flatMap(([name, tour]) => pathsByInput(tour).map((paths, group) => ({ name, tour, group, paths })))) {
    // A group without a title of its own: the tests keep their names.
    test.describe(() => {
      test.use({ expectedPageErrors: tourPageErrors(tour) })
      test(`${name}${describeInput(paths[0]!.input)}`, async ({ context, pageErrors }) => {
        const kit = flows.find((candidate) => candidate.model.name === name)!
        test.setTimeout(60_000 + paths.length * 30_000)
        await keepActors(context)
        await reachMachine(context, kit.model.machine.id)
        const record: AtlasRecord = { machine: name, input: paths[0]!.input ?? null, captures: [] }
        const shots = join(atlasDir!, atlasShotsDir)
        mkdirSync(shots, { recursive: true })
        // A failed path keeps what was photographed before it: the pages show it, and say what is missing.
        try {
          await walkPaths(context, pageErrors, tour, paths, async (page, path, key, index) => {
            const step = path.steps[index]!
            const before = path.steps.slice(0, index + 1)
            if (record.captures.some((capture) => capture.key === key)) return
            // A page can show the state before its app has told of the machine (the account area's
            // pending page shows the session's 'Loading' while the sign-in loads): the screenshot and
            // the actors read waits for its actor, as the tests do before sending it an event. One
            // that never comes is photographed all the same, and its red note says so.
            await machineStarted(page, kit.model.machine.id, actorWait).catch(() => undefined)
            const shot = `${atlasShotsDir}/${name}-${group}-${record.captures.length + 1}.png`
            // The whole page from its top: a page scrolled down would show its fixed header in the middle.
            await page.evaluate(() => window.scrollTo(0, 0))
            // Drawn with its styles: a route's stylesheet still loading left a form unstyled in one run of two.
            await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null))).toBe(true)
            // What changes from run to run is masked (`npm run atlas -- --against` compares runs): times, and the demo license key, made when the stack is seeded.
            const mask = [page.locator('time'), page.getByRole('dialog', { name: 'License Key' }).getByLabel('Password')]
            await page.screenshot({ path: join(atlasDir!, shot), fullPage: true, animations: 'disabled', caret: 'hide', mask })
            // In the machine's words: an oracle state several machine states realise is the one the path planned.
            const oracle = oracleLeavesAfter(
              kit.oracle,
              path.input,
              before.map((one) => one.event),
              activeLeafIds(step.state),
            )
            record.captures.push({ ...captureOf(key, step, before, shot, await seenActors(page)), oracle })
          })
        } finally {
          mkdirSync(join(atlasDir!, atlasCapturesDir), { recursive: true })
          writeFileSync(join(atlasDir!, atlasCapturesDir, `${name}-${group}.json`), JSON.stringify(record, null, 2))
        }
        expect(record.captures.length, 'states photographed').toBeGreaterThan(0)
      })
    })
  }
})

function captureOf(key: string, step: TourStep, steps: TourStep[], shot: string, actors: SeenActor[]): AtlasCapture {
  const shown = Object.fromEntries(shownFlags.flatMap((flag) => (typeof step.state.context[flag] === 'string' ? [[flag, step.state.context[flag] as string]] : [])))
  const events = steps.map((one) => one.event).filter((event: EventObject) => event.type !== 'xstate.init')
  return { key, value: step.state.value, shown, events: events.map(describeEvent), shot, actors }
}

type Inspected = { actorRef?: { sessionId?: string; logic?: { id?: unknown; root?: unknown }; getSnapshot: () => { value: unknown; status: string } } }
type AtlasWindow = { __prismInspect?: (event: Inspected) => void; __atlasActors?: Map<string, NonNullable<Inspected['actorRef']>> }

/**
 * Keeps, in every document, each machine actor the app starts (through its observation point,
 * src/ui/app-actors.ts, after the model coverage's recording, which goes on), so that a screenshot
 * can say which state every machine on the page was in when it was taken.
 */
async function keepActors(context: BrowserContext) {
  await context.addInitScript(() => {
    const page = window as unknown as AtlasWindow
    const record = page.__prismInspect
    const actors = (page.__atlasActors = new Map())
    page.__prismInspect = (event) => {
      const actor = event.actorRef
      if (actor?.sessionId && actor.logic?.root && typeof actor.logic.id === 'string') actors.set(actor.sessionId, actor)
      record?.(event)
    }
  })
}

/** The machines running on the page (or finished there), each with its state. */
function seenActors(page: Page): Promise<SeenActor[]> {
  return page.evaluate(() =>
    [...((window as unknown as AtlasWindow).__atlasActors?.values() ?? [])].flatMap((actor) => {
      const snapshot = actor.getSnapshot()
      return snapshot.status === 'stopped' ? [] : [{ machine: String(actor.logic!.id), value: snapshot.value }]
    }),
  )
}
