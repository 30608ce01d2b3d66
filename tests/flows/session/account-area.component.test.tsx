// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { createRoute } from '@tanstack/react-router'
import { describe, expect, vi } from 'vitest'
import type { Account } from '@/common/contract'
import { signedInAuth } from '@/tests/support/signed-in-auth'
import { AccountArea } from '@/src/features/account-shell/components/AccountArea'
import { ProfilePage } from '@/src/features/profile/components/ProfilePage'
import { leaveSiteFor } from '@/src/ui/leave-site'
import { billingPortalModel, portalUrl } from '@/testkit/flows/billing-portal/billing-portal.model'
import { account, sessionModel } from '@/testkit/flows/session/session.model'
import { noOrganisation, personalOrganisation } from '@/testkit/organisations'
import type { Organisation } from '@/common/organisation-contract'
import { useAccountServices } from '@/src/ui/account-services'
import { planPaths } from '@/testkit/model/paths'
import { pendingApi, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { renderWithRouter } from '@/tests/support/render'
import { billingPortalViewTable } from '@/testkit/flows/billing-portal/billing-portal.view-table'
import { sessionViewTable } from '@/testkit/flows/session/session.view-table'
import { sessionOracle } from '@/testkit/flows/session/session.oracle'
import { billingPortalOracle } from '@/testkit/flows/billing-portal/billing-portal.oracle'

vi.mock('@/src/ui/leave-site', () => ({ leaveSiteFor: vi.fn() }))

const auth = signedInAuth(account)

/** The account area at /account (My Licenses) or another of its addresses around a page, beside a home page at '/'; every API call waits for the test. */
function renderArea(page: ReactNode, path = '/account') {
  const pending = pendingApi()
  renderWithRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
      createRoute({
        getParentRoute: () => root,
        path,
        component: () => (
          <AccountArea auth={auth} api={pending.api}>
            {page}
          </AccountArea>
        ),
      }),
    ],
    path,
  )
  return pending
}

/** On the Profile page the person changes their first name and saves; the page reads back what was stored. */
async function saveFirstName(pending: PendingApi, firstName: string, stored: Account) {
  await pending.settle('account', { output: account })
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: firstName } })
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
  await pending.settle('updateAccount', { output: undefined })
  await pending.settle('account', { output: stored })
  expect(await screen.findByText('Your profile was updated.')).toBeTruthy()
}

/**
 * A page that changed the caller's standing tells the session so (the Members page does when they
 * leave; its own component paths walk that): here a stand-in with the Profile page. My Licenses
 * takes the first page the session brought (its own component paths walk that): a stand-in too.
 */
function ProfileAndLeave() {
  const { session } = useAccountServices()
  return (
    <>
      <ProfilePage />
      <button onClick={() => session.send({ type: 'organisation.changed', organisation: noOrganisation })}>Leave the organisation</button>
      <button onClick={() => session.send({ type: 'licenses.taken' })}>Take the first licenses</button>
    </>
  )
}

describe('the account area around the Profile page (component paths of the session machine)', () => {
  walkPaths(planPaths(sessionModel).paths, {
    table: sessionViewTable,
    oracle: sessionOracle,
    refuse: sessionModel.events,
    // Opened on My Licenses (/account), the session loads its first page too; on the Profile page it does not.
    start: (path) => renderArea(<ProfileAndLeave />, path.input?.opensOnLicenses ? '/account' : '/account/profile'),
    step: async (event, pending) => {
      // The branch is the step: each event is done as the person does it, the organisation's checked to be the one a leaver gets.
      if (event.type === 'account.changed') await saveFirstName(pending, 'Caroline', event.account as Account)
      else if (event.type === 'organisation.changed') {
        expect((event.organisation as Organisation).role).toBeNull()
        fireEvent.click(screen.getByRole('button', { name: 'Leave the organisation' }))
      } else if (event.type === 'licenses.taken') fireEvent.click(screen.getByRole('button', { name: 'Take the first licenses' }))
      else await settleActorEvent(pending, { loadAccount: 'login', loadOrganisation: 'organisation', loadLicenses: 'licenses' }, event)
    },
    end: (pending, _, path) => {
      expect(pending.calls('login')).toEqual([[{ firstName: 'Cara', lastName: 'Commercial', email: account.email, oid: account.oid }, expect.any(AbortSignal)]])
      expect(pending.calls('organisation')).toEqual([[expect.any(AbortSignal)]])
      expect(pending.calls('licenses')).toEqual(path.input?.opensOnLicenses ? [[expect.any(AbortSignal)]] : [])
      for (const [fields] of pending.calls('updateAccount')) expect(fields).toMatchObject({ firstName: 'Caroline', lastName: 'Commercial', companyName: 'Contoso' })
    },
  })
})

describe('Billing in the sidebar (component paths of the billingPortal machine)', () => {
  const billing = () => within(screen.getByRole('navigation', { name: 'Account' })).getByRole('button', { name: /^Billing/ })
  const error = () => screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes('Billing portal'))

  walkPaths(planPaths(billingPortalModel).paths, {
    table: billingPortalViewTable,
    oracle: billingPortalOracle,
    refuse: billingPortalModel.events,
    start: async (path) => {
      vi.mocked(leaveSiteFor).mockClear()
      // Billing is opened from the page the path says (the tests' DOM keeps the address the router does not move).
      const opened = path.steps.map(({ event }) => event).find((event) => event.type === 'portal.open')
      if (opened?.type === 'portal.open') (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(opened.returnUrl)
      const pending = renderArea(<h1>My Licenses</h1>)
      await pending.settle('login', { output: account })
      await pending.settle('organisation', { output: personalOrganisation })
      expect(await screen.findByRole('heading', { level: 1, name: 'My Licenses' })).toBeTruthy()
      return pending
    },
    step: async (event, pending) => {
      if (!(await settleActorEvent(pending, { createPortalSession: 'createPortalSession' }, event)))
        await act(async () => {
          if (event.type === 'portal.open') fireEvent.click(billing())
          if (event.type === 'error.dismiss') fireEvent.click(within(error()!).getByRole('button', { name: 'Dismiss' }))
        })
    },
    end: (pending, sent) => {
      // The browser leaves for the portal session's address once it is answered, and only then.
      const answered = sent.some((event) => event.type === 'xstate.done.actor.createPortalSession')
      expect(vi.mocked(leaveSiteFor).mock.calls).toEqual(answered ? [[portalUrl]] : [])
      // The portal returns to the page Billing was opened from.
      for (const [returnUrl] of pending.calls('createPortalSession')) expect(returnUrl).toBe(window.location.href)
    },
  })
})
