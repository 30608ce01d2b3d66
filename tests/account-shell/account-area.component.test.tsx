// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createRoute } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import type { AccountsApi } from '../../src/api/accounts-api'
import type { Account } from '../../src/api/contract'
import type { AuthService } from '../../src/auth/auth-service'
import { AccountArea } from '../../src/features/account-shell/components/AccountArea'
import { leaveSiteFor } from '../../src/ui/leave-site'
import { billingPortalModel, portalUrl } from '../machines/billingPortal.model'
import { deferred, pendingCalls } from '../model/deferred'
import { describePath, planPaths } from '../model/paths'
import { account } from '../machines/session.model'
import { sessionModel } from '../machines/session.model'
import { renderWithRouter } from '../render'

vi.mock('../../src/ui/leave-site', () => ({ leaveSiteFor: vi.fn() }))

const auth = {
  actor: { getSnapshot: () => ({ context: { activeAccount: { homeAccountId: 'h', localAccountId: 'l', username: '', idTokenClaims: { given_name: 'Cara', family_name: 'Commercial', emails: [account.email], oid: account.oid } } } }) },
  signOut: vi.fn(),
} as unknown as AuthService

function renderArea() {
  const login = deferred<Account>()
  const portal = pendingCalls()
  const api = { login: vi.fn(() => login.promise), createPortalSession: vi.fn(() => portal.call('createPortalSession')) } as unknown as AccountsApi
  const view = renderWithRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
      createRoute({ getParentRoute: () => root, path: '/account', component: () => <AccountArea auth={auth} api={api}>{<p>The page</p>}</AccountArea> }),
    ],
    '/account',
  )
  return { ...view, login, api, portal }
}

/** What the user sees in each state of the session. */
async function expectState(value: unknown) {
  if (value === 'loading') expect(await screen.findByText('Loading, please wait...')).toBeTruthy()
  if (value === 'ready') {
    expect(await screen.findByRole('button', { name: 'Account menu for Cara Commercial' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Account' }).textContent).toContain('Manage Licenses')
    expect(screen.getByText('The page')).toBeTruthy()
  }
  if (value === 'failed') expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy()
}

describe('the account area (component paths of the session machine)', () => {
  const { paths } = planPaths(sessionModel)
  // Profile changes reach the session from the Profile page; the machine tests cover them.
  for (const path of paths.filter((candidate) => candidate.steps.every((step) => step.event.type !== 'account.changed'))) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const { login, api } = renderArea()
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: Account; error?: unknown }
        await act(async () => {
          if (event.type === 'xstate.done.actor.loadAccount') login.resolve(event.output!)
          if (event.type === 'xstate.error.actor.loadAccount') login.reject(event.error)
        })
        await expectState((step.state as { value: unknown }).value)
      }
      await waitFor(() => expect(api.login).toHaveBeenCalledWith({ firstName: 'Cara', lastName: 'Commercial', email: account.email, oid: account.oid }, expect.any(AbortSignal)))
    })
  }
})

describe('Billing in the sidebar (component paths of the billingPortal machine)', () => {
  const billing = () => within(screen.getByRole('navigation', { name: 'Account' })).getByRole('button', { name: /^Billing/ })
  const error = () => screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes('Billing portal'))

  for (const path of planPaths(billingPortalModel).paths) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const { login, api, portal } = renderArea()
      await act(async () => login.resolve(account))
      await expectState('ready')
      for (const step of path.steps) {
        const event = step.event as { type: string; output?: unknown; error?: unknown }
        await act(async () => {
          if (event.type === 'portal.open') fireEvent.click(billing())
          if (event.type === 'error.dismiss') fireEvent.click(within(error()!).getByRole('button', { name: 'Dismiss' }))
          portal.settle(event)
        })
        const { value, context } = step.state as { value: string; context: { error: string | null } }
        // Billing shows progress from the click until the browser has left.
        expect(screen.queryByLabelText('Opening the billing portal') !== null).toBe(value !== 'idle')
        if (value === 'leaving') await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(portalUrl))
        expect(error()?.textContent ?? null).toBe(context.error && `Billing portal${context.error}`)
      }
      // The portal returns to the page Billing was opened from.
      for (const [returnUrl] of (api.createPortalSession as unknown as ReturnType<typeof vi.fn>).mock.calls) expect(returnUrl).toBe(window.location.href)
    })
  }
})
