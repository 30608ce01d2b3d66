/** What an invitation's page shows in each state of the invitation acceptance machine, written from issue 30's rules. */
import type { InvitationAcceptanceHeld } from './invitation-acceptance.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** Bea's invitation as the fixture has it: from Cara, to Contoso, as a billing manager. */
const offered = [
  'Cara Commercial invites you to manage the Prism licenses of Contoso as a billing manager.',
  'As a billing manager: Buys licenses and upgrades, opens billing and invoices; no seats, no keys.',
  'The invitation works until December 4, 2026. A person is a member of one organisation; the licenses you hold stay yours.',
]
const buttons = ['Accept invitation', 'Decline']
/** Accepted and on the way to the new standing: the offer with its buttons busy. */
const busy: StateView = { shows: offered, disabled: buttons, alerts: [], sameScreen: 'the acceptance and the read of the new standing after it are one wait' }

export const invitationAcceptanceViewTable: ViewTable<InvitationAcceptanceHeld> = {
  'invitationAcceptance.loading': { shows: ['Invitation'], hides: offered, absent: [...buttons, 'Try again'], alerts: [] },
  'invitationAcceptance.failed': (_, { error }) => ({ alerts: [`The invitation could not be opened${error}Try again`], enabled: ['Try again'], absent: buttons, hides: offered }),
  // A refused acceptance says why over the offer, which stays.
  'invitationAcceptance.offered': (_, { error }) => ({ shows: offered, enabled: buttons, alerts: error ? [error] : [] }),
  'invitationAcceptance.accepting': busy,
  'invitationAcceptance.joining': busy,
  'invitationAcceptance.accepted': { shows: ['You are a billing manager of Contoso now.', 'Go to Members'], hides: offered, absent: buttons, alerts: [] },
  'invitationAcceptance.declined': {
    shows: ['You declined the invitation. Nothing was changed; its link stops working on December 4, 2026.', 'Go to My Licenses'],
    hides: offered,
    absent: buttons,
    alerts: [],
  },
}
