import { expect, type Page } from '@playwright/test'
import type { License } from '@/common/contract'
import type { trialMachine } from '@/machines/trial.machine'
import { extendedTrial, startedTrial, trialLicense, trialModel } from '@/testkit/flows/trial/trial.model'
import { demo } from '../support/accounts'
import { routeApi } from '../support/api-routes'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { busyShown } from './shown'

const start = 'Start 30-day free trial'
const extend = 'Extend trial by 14 days'
const button = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name })
/** The trial's notice (the cards' loading placeholders are a status too). */
const notice = (page: Page, text: string) => page.getByRole('main').getByRole('status').filter({ hasText: text })

/** The cards the page loads: none at first, then the trial's as the tour's answers made it (the demo data stays as it is). */
const cardsOf = new WeakMap<Page, License[]>()

/** My Licenses' trial without a card: started from the empty page, then extended once from its card. */
export const trialTour: Tour<typeof trialMachine> = {
  plan: trialModel,
  actors: { startTrial: calling('startTrial'), extendTrial: calling('extendTrial') },
  // A path that begins with an extension needs a trial found on the page: the component paths walk those.
  walkable: (steps) => steps.find((step) => step.event.type.startsWith('trial.'))?.event.type !== 'trial.extend',
  open: async (page) => {
    cardsOf.set(page, [])
    await routeApi(
      page,
      (url) => url.pathname === '/api/licenses',
      (route) => route.fulfill({ json: cardsOf.get(page) }),
    )
    await openAs(page, demo.nolicense, '/account')
    await expect(page.getByText('No Licenses Assigned')).toBeVisible()
  },
  perform: async (page, event) => {
    // The cards loaded again after the answer are the trial's as it answers (a failure loads none).
    cardsOf.set(page, [trialLicense(event.type === 'trial.start' ? startedTrial : extendedTrial)])
    return button(page, event.type === 'trial.start' ? start : extend).click()
  },
  expectShown: async (page, step) => {
    const { value, context } = step.state
    const main = page.getByRole('main')
    // The branch is the test: a failure shows only where the flow holds one.
    if (context.error) await expect(main.getByRole('alert')).toHaveText(context.error as string)
    switch (value) {
      case 'idle':
        return expect(button(page, start)).toBeEnabled()
      case 'starting':
        return busyShown(button(page, start))
      case 'running':
        // The branch is the test: the start's notice shows until an extension fails.
        if (!context.error) await expect(notice(page, 'Your free Commercial Plus trial has started: it ends on January 1, 2027.')).toBeVisible()
        return expect(button(page, extend)).toBeEnabled()
      case 'extending':
        return busyShown(button(page, extend))
      case 'extended':
        await expect(notice(page, 'Your trial now ends on January 15, 2027: it has had its one extension.')).toBeVisible()
        return expect(button(page, extend)).toHaveCount(0)
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
