import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axe, { type AxeResults } from 'axe-core'

/**
 * What the builder evaluates in each frame as axe's source, once `injectAxe` has put axe there: by
 * default it evaluates axe's half a megabyte of script twice in the page and once in every frame on
 * every check, a third of a check's time here.
 */
const alreadyInjected = 'void 0'

/** Puts axe into each frame of the page that does not have it yet (a new page, or a frame that navigated). */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    // A frame that went away meanwhile has nothing to check.
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true)
    if (!present) await frame.evaluate(axe.source)
  }
}

/** Runs axe (WCAG 2.x A and AA, and best practices) on the page as it is now, once it stops moving. */
export async function expectNoAxeViolations(page: Page) {
  await expect.poll(() => page.evaluate(transitionsEnded), { message: 'transitions ended before axe' }).toBe(true)
  await injectAxe(page)
  const results = await new AxeBuilder({ page, axeSource: alreadyInjected })
    // Only violations and the checks left for review are read (failingReviews): axe then skips
    // describing every passing node, a large share of its time. (Before withTags: options replaces what was set.)
    .options({ resultTypes: ['violations', 'incomplete'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // One axe.run in the page, reaching into its frames, instead of a run per frame finished in a
    // new blank page: 2.3 times faster here. Every frame the pages open is of the same origin (the
    // stack is one HTTPS address), which is all this mode can look into.
    .setLegacyMode()
    .analyze()
  const summary = [...results.violations, ...failingReviews(results.incomplete)].map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
  expect(summary).toEqual([])
}

/**
 * What axe leaves for review that fails here as a violation would. Text drawn in its background's
 * own colour (1:1): axe cannot tell it from text hidden on purpose, but text on these pages is to be
 * read, or hidden from everyone (three labels drawn in their own fill passed unseen). Every other
 * rule's undecided node too (an aria-label on an element whose name browsers may not read). Left:
 * a text's contrast where axe cannot see its background, because other elements overlap or cover it.
 */
function failingReviews(incomplete: AxeResults['incomplete']): AxeResults['incomplete'] {
  const invisible = (node: AxeResults['incomplete'][number]['nodes'][number]) => node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio')
  return incomplete.map((result) => (result.id === 'color-contrast' ? { ...result, nodes: result.nodes.filter(invisible) } : result)).filter((result) => result.nodes.length > 0)
}

/**
 * Whether every finite animation and transition has ended, two frames on (a transition starts the
 * frame after its first style): axe measures colours as drawn, and a dialog fading in has faint
 * text. Loaders spin for ever and are left out.
 */
function transitionsEnded() {
  return new Promise<boolean>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => resolve(document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity))),
    ),
  )
}
