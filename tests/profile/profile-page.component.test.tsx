// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { profileMachine } from '../../machines/profile.machine'
import { ProfilePage } from '../../src/features/profile/components/ProfilePage'
import { describePath, planPaths } from '../model/paths'
import { pendingApi, renderAccountPage, settleActorEvent } from '../model/pending-api'
import { profileModel } from '../machines/profile.model'
import { account } from '../machines/session.model'

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

/** What the user sees in each state of the profile. */
async function expectState(snapshot: SnapshotFrom<typeof profileMachine>, typedCompany: string) {
  const { value, context } = snapshot
  if (value === 'loading') expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
  if (value === 'failed') {
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain(context.error)
    expect(screen.queryByRole('button', { name: 'Update Profile' })).toBeNull()
  }
  if (value === 'editing' || value === 'saving') {
    const save = (await screen.findByRole('button', { name: 'Update Profile' })) as HTMLButtonElement
    // The typed values stay through saving, success and failure.
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe(typedCompany)
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true)
    expect(save.disabled).toBe(value === 'saving')
    expect(screen.queryByText('Your profile was updated.') !== null).toBe(context.saved)
    if (context.error) expect(screen.getByRole('alert').textContent).toContain(context.error)
    else expect(screen.queryByRole('alert')).toBeNull()
  }
}

describe('the profile page (component paths of the profile machine)', () => {
  for (const path of plan.paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const pending = pendingApi()
      renderAccountPage(() => <ProfilePage />, { api: pending.api, account })
      let typedCompany = account.companyName
      let saves = 0
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: unknown; error?: unknown }
        if (!(await settleActorEvent(pending, methods, event))) act(event.type)
        if (event.type === 'profile.save') {
          typedCompany = 'Fabrikam'
          saves++
        }
        await expectState(step.state as SnapshotFrom<typeof profileMachine>, typedCompany)
      }
      // One press of 'Update Profile' sends one PUT with every field of the form.
      expect(pending.calls('updateAccount')).toHaveLength(saves)
      for (const [fields] of pending.calls('updateAccount')) expect(fields).toMatchObject({ firstName: account.firstName, companyName: 'Fabrikam', emailAnnouncements: true })
    })
  }
})
