import type { AnyStateMachine } from 'xstate'
import { tourPaths, type Tour, type TourPath } from '../support/machine-tour'
import { activityTour } from './activity.tour'
import { assignmentMailTour } from './assignment-mail.tour'
import { billingPortalTour } from './billing-portal.tour'
import { discordConnectTour } from './discord-connect.tour'
import { feedTokensTour } from './feed-tokens.tour'
import { invitationAcceptanceTour } from './invitation-acceptance.tour'
import { invitationsTour } from './invitations.tour'
import { invoicesTour } from './invoices.tour'
import { keyRotationTour } from './key-rotation.tour'
import { licenseKeyTour } from './license-key.tour'
import { manageLicensesTour } from './manage-licenses.tour'
import { membersTour } from './members.tour'
import { myLicensesTour } from './my-licenses.tour'
import { profileTour } from './profile.tour'
import { purchaseTour } from './purchase.tour'
import { renewalTour } from './renewal.tour'
import { sessionTour } from './session.tour'

/** Every machine the browser tours, by its model's name: the accessibility checks and the QA atlas walk them. */
export const tours: Record<string, Tour<AnyStateMachine>> = {
  session: sessionTour,
  myLicenses: myLicensesTour,
  licenseKey: licenseKeyTour,
  discordConnect: discordConnectTour,
  profile: profileTour,
  purchase: purchaseTour,
  billingPortal: billingPortalTour,
  manageLicenses: manageLicensesTour,
  keyRotation: keyRotationTour,
  activity: activityTour,
  feedTokens: feedTokensTour,
  invoices: invoicesTour,
  renewal: renewalTour,
  members: membersTour,
  invitations: invitationsTour,
  invitationAcceptance: invitationAcceptanceTour,
  assignmentMail: assignmentMailTour,
} as unknown as Record<string, Tour<AnyStateMachine>>

/** A tour's paths grouped by their input: a test for each, since each input starts from its own sign-in. */
export function pathsByInput(tour: Tour<AnyStateMachine>): TourPath[][] {
  const byInput = new Map<string, TourPath[]>()
  for (const path of tourPaths(tour)) {
    const input = JSON.stringify(path.input ?? null)
    byInput.set(input, [...(byInput.get(input) ?? []), path])
  }
  return [...byInput.values()]
}

/** An input in a test's title: its plain values, such as checkoutReturned=true. */
export function describeInput(input: unknown) {
  const plain = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => value === null || typeof value !== 'object')
  return plain.length ? ` (${plain.map(([key, value]) => `${key}=${String(value)}`).join(', ')})` : ''
}
