// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProfilePage } from '@/src/features/profile/components/ProfilePage'
import { planPaths } from '@/testkit/model/paths'
import { openOnPendingApi, pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { profileModel } from '@/testkit/flows/profile/profile.model'
import { account } from '@/testkit/flows/session/session.model'
import { profileViewTable } from '@/testkit/flows/profile/profile.view-table'
import { profileOracle } from '@/testkit/flows/profile/profile.oracle'

const plan = planPaths(profileModel)
// Saving is a PUT, then a GET of what was stored.
const methods = { loadProfile: 'account', saveProfile: ['updateAccount', 'account'] } as const

/** What the user does for each of the machine's own events. */
function act(type: string) {
  if (type === 'profile.save') {
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Fabrikam' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
  }
  if (type === 'profile.reload') fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  if (type === 'notice.dismiss') fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
}

describe('the profile page (component paths of the profile machine)', () => {
  it('shows the sign-in email read-only [S2.profile.email-read-only]', async () => {
    const pending = pendingApi()
    renderAccountPage(() => <ProfilePage />, { api: pending.api, account })
    await pending.settle('account', { output: account })
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true)
  })

  walkPaths(plan.paths, {
    table: profileViewTable,
    oracle: profileOracle,
    refuse: profileModel.events,
    start: () => openOnPendingApi(() => <ProfilePage />, { account }),
    step: async (event, pending) => {
      if (!(await settleActorEvent(pending, methods, event))) act(event.type)
    },
    end: (pending, sent) => {
      // One press of 'Update Profile' sends one PUT with every field of the form.
      expect(pending.calls('updateAccount')).toHaveLength(sent.filter((event) => event.type === 'profile.save').length)
      for (const [fields] of pending.calls('updateAccount')) expect(fields).toMatchObject({ firstName: 'Cara', companyName: 'Fabrikam', emailAnnouncements: true })
    },
  })
})
