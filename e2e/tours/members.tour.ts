import { expect, type Page } from '@playwright/test'
import type { EventFromLogic } from 'xstate'
import { roleLabels } from '@/common/roles'
import type { membersMachine } from '@/machines/members.machine'
import { demoPeople } from '@/server/local/demo-accounts'
import { membersModel } from '@/testkit/flows/members/members.model'
import { cara } from '@/testkit/organisations'
import { demo } from '../support/accounts'
import type { Tour } from '../support/machine-tour'
import { openAs, sessionAsksTheServer } from './open-as'
import { busyShown } from './shown'
import { membersViewTable } from '@/testkit/flows/members/members.view-table'

/** The fixtures' Cara is the demo Commercial owner signed in here: her oid in the answers is theirs. */
const demoOid = demoPeople.find((person) => person.email === demo.commercial)!.oid
const asDemo = (output: unknown) => [JSON.parse(JSON.stringify(output ?? null).replaceAll(cara.oid, demoOid)) as unknown]

/** The Members page (issue 30): the list, each dialog, the offer of ownership, and the page after leaving. */
export const membersTour: Tour<typeof membersMachine> = {
  plan: membersModel,
  view: { table: membersViewTable },
  actors: {
    loadOrganisation: { calls: [{ method: 'GET', path: '/organisation' }], answers: asDemo },
    changeRole: { calls: [{ method: 'PUT', path: /^\/organisation\/members\/[^/]+$/ }], answers: asDemo },
    removeMember: { calls: [{ method: 'DELETE', path: /^\/organisation\/members\/[^/]+$/ }] },
    offerTransfer: { calls: [{ method: 'POST', path: '/organisation/transfer' }], answers: asDemo },
    withdrawTransfer: { calls: [{ method: 'DELETE', path: '/organisation/transfer' }] },
    acceptTransfer: { calls: [{ method: 'POST', path: '/organisation/transfer/accept' }], answers: asDemo },
    declineTransfer: { calls: [{ method: 'POST', path: '/organisation/transfer/decline' }] },
  },
  // One look at each state: a message or a notice on it changes no landmark or control.
  keyOf: (step) => JSON.stringify(step.state.value),
  open: async (page) => {
    await sessionAsksTheServer(page)
    await openAs(page, demo.commercial, '/account/members')
  },
  perform,
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    const value = JSON.stringify(step.state.value)
    await expect(main.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (value === '"loading"') return expect(main.getByLabel('Loading the members')).toBeVisible()
    if (value === '"failed"') return expect(main.getByRole('alert')).toContainText('The members could not be loaded')
    if (value === '"left"') return expect(main.getByText('You left the organisation. The licenses you hold stay yours.')).toBeVisible()
    const dialog = dialogs[value]
    // The branch is the test: an open dialog's state shows it, any other the page without one.
    if (!dialog) {
      await expect(page.getByRole('dialog')).toHaveCount(0)
      return expect(main.getByRole('table', { name: 'Members' })).toBeVisible()
    }
    await expect(page.getByRole('dialog', { name: dialog.name })).toBeVisible()
    if (dialog.sending) await busyShown(page.getByRole('dialog', { name: dialog.name }).getByRole('button', { name: dialog.sending, exact: true }))
  },
}

const dialogs: Record<string, { name: string; sending?: string }> = {
  '{"ready":{"role":"editing"}}': { name: 'Change role' },
  '{"ready":{"role":"saving"}}': { name: 'Change role', sending: 'Save role' },
  '{"ready":{"remove":"confirming"}}': { name: 'Remove member' },
  '{"ready":{"remove":"removing"}}': { name: 'Remove member', sending: 'Remove' },
  '{"ready":{"leave":"confirming"}}': { name: 'Leave organisation' },
  '{"ready":{"leave":"leaving"}}': { name: 'Leave organisation', sending: 'Leave' },
  '{"ready":{"transfer":"editing"}}': { name: 'Transfer ownership' },
  '{"ready":{"transfer":"offering"}}': { name: 'Transfer ownership', sending: 'Offer ownership' },
}

/** Presses the button if the page shows it: what the role does not allow is not there. */
async function press(scope: ReturnType<Page['getByRole']>, name: string) {
  const button = scope.getByRole('button', { name, exact: true })
  if (await button.count()) await button.click()
}

async function perform(page: Page, event: EventFromLogic<typeof membersMachine>) {
  const main = page.getByRole('main')
  const dialog = page.getByRole('dialog')
  switch (event.type) {
    case 'members.reload':
      return press(main, 'Try again')
    case 'notice.dismiss':
      return press(main.getByRole('status'), 'Dismiss')
    case 'dialog.close':
      return press(dialog, 'Close')
    case 'role.open':
      return press(main, `Change role of ${event.member.name}`)
    case 'role.submit':
      await dialog.getByRole('radio', { name: roleLabels[event.role] }).check()
      if (await dialog.getByRole('button', { name: 'Save role' }).isEnabled()) await dialog.getByRole('button', { name: 'Save role' }).click()
      return
    case 'remove.request':
      return press(main, `Remove ${event.member.name}`)
    case 'remove.confirm':
      return press(dialog, 'Remove')
    case 'leave.request':
      return press(main, 'Leave organisation')
    case 'leave.confirm':
      return press(dialog, 'Leave')
    case 'transfer.open':
      return press(main, 'Transfer ownership')
    case 'transfer.submit':
      await dialog.getByRole('combobox', { name: 'New owner' }).selectOption(event.request.to.replaceAll(cara.oid, demoOid))
      await dialog.getByRole('radio', { name: roleLabels[event.request.formerOwnerBecomes!] }).check()
      return press(dialog, 'Offer ownership')
    case 'transfer.withdraw':
      return press(main, 'Withdraw offer')
    case 'transfer.accept':
      return press(main, 'Accept ownership')
    case 'transfer.decline':
      return press(main, 'Decline offer')
  }
  throw new Error(`No browser action for ${JSON.stringify(event)}`)
}
