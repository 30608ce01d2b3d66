import { expect } from '@playwright/test'
import type { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import { invitationAcceptanceModel, secret } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.model'
import { demo } from '../support/accounts'
import { calling, callOf, type Tour } from '../support/machine-tour'
import { openAs, sessionAsksTheServer } from './open-as'
import { busyShown } from './shown'

const actions = { 'offer.reload': 'Try again', 'invitation.accept': 'Accept invitation', 'invitation.decline': 'Decline' } as const

/** An invitation's page: the offer loading or refused, offered, accepted, declined. */
export const invitationAcceptanceTour: Tour<typeof invitationAcceptanceMachine> = {
  plan: invitationAcceptanceModel,
  actors: {
    loadOffer: { calls: [callOf('invitationOffer')] },
    acceptInvitation: { calls: [callOf('acceptInvitation')] },
    loadOrganisation: calling('organisation'),
  },
  open: async (page) => {
    await sessionAsksTheServer(page)
    await openAs(page, demo.commercial, `/account/invitations#${secret}`)
  },
  perform: (page, event) => page.getByRole('main').getByRole('button', { name: actions[event.type] }).click(),
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible()
    switch (step.state.value) {
      case 'loading':
        return expect(main.getByLabel('Loading the invitation')).toBeVisible()
      case 'failed':
        return expect(main.getByRole('alert')).toContainText('The invitation could not be opened')
      case 'offered':
        return expect(main.getByRole('button', { name: 'Accept invitation' })).toBeEnabled()
      case 'accepting':
      case 'joining':
        return busyShown(main.getByRole('button', { name: 'Accept invitation' }))
      case 'accepted':
        return expect(main.getByRole('link', { name: 'Go to Members' })).toBeVisible()
      case 'declined':
        return expect(main.getByRole('link', { name: 'Go to My Licenses' })).toBeVisible()
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(step.state.value)}`)
  },
}
