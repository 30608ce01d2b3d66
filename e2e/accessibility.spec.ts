import type { AnyStateMachine } from 'xstate'
import { activityTour } from './tours/activity.tour'
import { assignmentMailTour } from './tours/assignment-mail.tour'
import { billingPortalTour } from './tours/billing-portal.tour'
import { discordConnectTour } from './tours/discord-connect.tour'
import { feedTokensTour } from './tours/feed-tokens.tour'
import { invitationAcceptanceTour } from './tours/invitation-acceptance.tour'
import { invitationsTour } from './tours/invitations.tour'
import { keyRotationTour } from './tours/key-rotation.tour'
import { licenseKeyTour } from './tours/license-key.tour'
import { manageLicensesTour } from './tours/manage-licenses.tour'
import { membersTour } from './tours/members.tour'
import { myLicensesTour } from './tours/my-licenses.tour'
import { profileTour } from './tours/profile.tour'
import { purchaseTour } from './tours/purchase.tour'
import { sessionTour } from './tours/session.tour'
import { expectNoAxeViolations } from './support/axe'
import { expect, reportErrors, test } from './support/fixtures'
import { heldFailureErrors, tourPaths, walkTour, type Tour, type TourPath } from './support/machine-tour'

/**
 * Every state of every account page and dialog, reached by the generated paths of its machine and
 * checked by axe once. The API requests are held and answered as each path says, so nothing changes
 * on the server and each state stays on screen while it is checked.
 */
const tours: Record<string, Tour<AnyStateMachine>> = {
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
  members: membersTour,
  invitations: invitationsTour,
  invitationAcceptance: invitationAcceptanceTour,
  assignmentMail: assignmentMailTour,
} as unknown as Record<string, Tour<AnyStateMachine>>

test.describe('axe in every state', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'], expectedPageErrors: heldFailureErrors })

  for (const [name, tour] of Object.entries(tours)) {
    // A test for each input: each starts from its own sign-in.
    const byInput = new Map<string, TourPath[]>()
    for (const path of tourPaths(tour)) {
      const input = JSON.stringify(path.input ?? null)
      byInput.set(input, [...(byInput.get(input) ?? []), path])
    }
    for (const paths of byInput.values()) {
      test(`${name}${describeInput(paths[0]!.input)}: ${paths.length} paths`, async ({ context, pageErrors }) => {
        test.setTimeout(60_000 + paths.length * 30_000)
        const checked = new Set<string>()
        for (const path of paths) {
          const page = await context.newPage()
          reportErrors(page, pageErrors)
          await test.step(path.name, () =>
            walkTour(page, tour, path, async (key) => {
              if (checked.has(key)) return
              checked.add(key)
              await test.step(`axe: ${key}`, () => expectNoAxeViolations(page))
            }),
          )
          // Leaving a profile with unsaved changes is not what is checked here.
          await page.close({ runBeforeUnload: false })
        }
        expect(checked.size, 'states checked by axe').toBeGreaterThan(0)
      })
    }
  }
})

/** An input in a test's title: its plain values, such as checkoutReturned=true. */
function describeInput(input: unknown) {
  const plain = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => value === null || typeof value !== 'object')
  return plain.length ? ` (${plain.map(([key, value]) => `${key}=${String(value)}`).join(', ')})` : ''
}
