import { expect } from '@playwright/test'
import type { assignmentMailMachine } from '@/machines/assignment-mail.machine'
import { assignmentMailModel } from '@/testkit/flows/assignment-mail/assignment-mail.model'
import { newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { demo } from '../support/accounts'
import { routeApi } from '../support/api-routes'
import { callOf, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { busyShown } from './shown'

const resendAda = 'Resend the assignment email to Ada Lovelace'

/** Resend on Manage Licenses: a pending seat (Ada's, assigned, never signed in for) beside a bound one. */
export const assignmentMailTour: Tour<typeof assignmentMailMachine> = {
  plan: assignmentMailModel,
  actors: { resendSeatMail: { calls: [callOf('resendSeatMail', newSeat.id)] } },
  open: async (page) => {
    await routeApi(page, '/api/licenses/assigned', (route) => route.fulfill({ json: [ownSeat, newSeat] }))
    await openAs(page, demo.commercial, '/account/licenses')
  },
  perform: async (page, event) => {
    const main = page.getByRole('main')
    if (event.type === 'notice.dismiss') return main.getByRole('button', { name: 'Dismiss' }).click()
    const resend = main.getByRole('button', { name: `Resend the assignment email to ${event.license.firstName} ${event.license.lastName}` })
    if (await resend.count()) await resend.click()
  },
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    await expect(main.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Pending')
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (step.state.value === 'sending') return busyShown(main.getByRole('button', { name: resendAda }))
    await expect(main.getByRole('button', { name: resendAda })).toBeEnabled()
    // The branch is the test: a notice shows only after a mail was sent.
    if (step.state.context.notice) await expect(main.getByRole('status').filter({ hasText: step.state.context.notice as string })).toBeVisible()
  },
}
