// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createRoute } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import type { Account } from '../../src/api/contract'
import type { AuthService } from '../../src/auth/auth-service'
import { AccountArea } from '../../src/features/account-shell/components/AccountArea'
import { ProfilePage } from '../../src/features/profile/components/ProfilePage'
import { leaveSiteFor } from '../../src/ui/leave-site'
import { billingPortalModel, portalUrl } from '../machines/billingPortal.model'
import { account, sessionModel } from '../machines/session.model'
import { describePath, planPaths } from '../model/paths'
import { pendingApi, settleActorEvent } from '../model/pending-api'
import { renderWithRouter } from '../render'

vi.mock('../../src/ui/leave-site', () => ({ leaveSiteFor: vi.fn() }))

const auth = {
  actor: { getSnapshot: () => ({ context: { activeAccount: { homeAccountId: 'h', localAccountId: 'l', username: '', idTokenClaims: { given_name: 'Cara', family_name: 'Commercial', emails: [account.email], oid: account.oid } } } }) },
  signOut: vi.fn(),
} as unknown as AuthService

/** The account area at /account around a page, beside a home page at '/'; every API call waits for the test. */
function renderArea(page: ReactNode) {
  const pending = pendingApi()
  renderWithRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
      createRoute({ getParentRoute: () => root, path: '/account', component: () => <AccountArea auth={auth} api={pending.api}>{page}</AccountArea> }),
    ],
    '/account',
  )
  return pending
}

/** What the user sees in each state of the session: the account area shows `name` around the page headed `page`. */
async function expectState(value: unknown, { name, page }: { name: string; page: string }) {
  if (value === 'loading') expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
  if (value === 'ready') {
    expect(await screen.findByRole('button', { name: `Account menu for ${name}` })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Account' }).textContent).toContain('Manage Licenses')
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: page })).toBeTruthy()
  }
  if (value === 'failed') expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy()
}

/** On the Profile page the person changes their first name and saves; the page reads back what was stored. */
async function saveFirstName(pending: ReturnType<typeof pendingApi>, firstName: string, stored: Account) {
  await pending.settle('account', { output: account })
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: firstName } })
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
  await pending.settle('updateAccount', { output: undefined })
  await pending.settle('account', { output: stored })
  expect(await screen.findByText('Your profile was updated.')).toBeTruthy()
}

describe('the account area around the Profile page (component paths of the session machine)', () => {
  for (const path of planPaths(sessionModel).paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const pending = renderArea(<ProfilePage />)
      // The header shows the signed-in account's name until the Profile page saves another.
      let name = 'Cara Commercial'
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: unknown; error?: unknown; account?: Account }
        if (event.type === 'account.changed') {
          await saveFirstName(pending, 'Caroline', event.account!)
          name = 'Caroline Commercial'
        } else await settleActorEvent(pending, { loadAccount: 'login' }, event)
        await expectState((step.state as { value: unknown }).value, { name, page: 'Profile' })
      }
      expect(pending.calls('login')).toEqual([[{ firstName: 'Cara', lastName: 'Commercial', email: account.email, oid: account.oid }, expect.any(AbortSignal)]])
      for (const [fields] of pending.calls('updateAccount')) expect(fields).toMatchObject({ firstName: 'Caroline', lastName: 'Commercial', companyName: 'Contoso' })
    })
  }
})

describe('Billing in the sidebar (component paths of the billingPortal machine)', () => {
  const billing = () => within(screen.getByRole('navigation', { name: 'Account' })).getByRole('button', { name: /^Billing/ })
  const error = () => screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes('Billing portal'))

  for (const path of planPaths(billingPortalModel).paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const pending = renderArea(<h1>My Licenses</h1>)
      await pending.settle('login', { output: account })
      await expectState('ready', { name: 'Cara Commercial', page: 'My Licenses' })
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: unknown; error?: unknown }
        if (!(await settleActorEvent(pending, { createPortalSession: 'createPortalSession' }, event)))
          await act(async () => {
            if (event.type === 'portal.open') fireEvent.click(billing())
            if (event.type === 'error.dismiss') fireEvent.click(within(error()!).getByRole('button', { name: 'Dismiss' }))
          })
        const { value, context } = step.state as { value: string; context: { error: string | null } }
        // Billing shows progress from the click until the browser has left.
        expect(screen.queryByLabelText('Opening the billing portal') !== null).toBe(value !== 'idle')
        if (value === 'leaving') await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(portalUrl))
        expect(error()?.textContent ?? null).toBe(context.error && `Billing portal${context.error}`)
      }
      // The portal returns to the page Billing was opened from.
      for (const [returnUrl] of pending.calls('createPortalSession')) expect(returnUrl).toBe(window.location.href)
    })
  }
})
