import { expect, type Page } from '@playwright/test'
import type { EventFromLogic } from 'xstate'
import { roleLabels } from '@/common/roles'
import type { membersMachine } from '@/machines/members.machine'
import { demoPeople } from '@/server/local/demo-accounts'
import { membersModel } from '@/testkit/flows/members/members.model'
import { cara } from '@/testkit/organisations'
import { demo } from '../support/accounts'
import { calling, callOf, type Tour } from '../support/machine-tour'
import { openAs, sessionAsksTheServer } from './open-as'
import { dialogShown } from './shown'

/** The fixtures' Cara is the demo Commercial owner signed in here: her oid in the answers is theirs. */
const demoOid = demoPeople.find((person) => person.email === demo.commercial)!.oid
const asDemo = (output: unknown) => [JSON.parse(JSON.stringify(output ?? null).replaceAll(cara.oid, demoOid)) as unknown]

/** The Members page (issue 30): the list, each dialog, the offer of ownership, and the page after leaving. */
export const membersTour: Tour<typeof membersMachine> = {
  plan: membersModel,
  actors: {
    loadOrganisation: { calls: [callOf('organisation')], answers: asDemo },
    changeRole: { calls: [callOf('changeRole')], answers: asDemo },
    removeMember: calling('removeMember'),
    offerTransfer: { calls: [callOf('offerTransfer')], answers: asDemo },
    withdrawTransfer: calling('withdrawTransfer'),
    acceptTransfer: { calls: [callOf('acceptTransfer')], answers: asDemo },
    declineTransfer: calling('declineTransfer'),
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
    await dialogShown(page, dialogs[value])
    // The branch is the test: without a dialog open, the page's own action or list shows.
    if (!dialogs[value]) await expect(main.getByRole('table', { name: 'Members' })).toBeVisible()
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

type MembersEvent = EventFromLogic<typeof membersMachine>
/** The button an event presses on the page, and in its open dialog. */
const onPage: { [T in MembersEvent['type']]?: string } = {
  'members.reload': 'Try again',
  'leave.request': 'Leave organisation',
  'transfer.open': 'Transfer ownership',
  'transfer.withdraw': 'Withdraw offer',
  'transfer.accept': 'Accept ownership',
  'transfer.decline': 'Decline offer',
}
const inDialog: { [T in MembersEvent['type']]?: string } = { 'dialog.close': 'Close', 'remove.confirm': 'Remove', 'leave.confirm': 'Leave' }

async function perform(page: Page, event: MembersEvent) {
  const main = page.getByRole('main')
  const dialog = page.getByRole('dialog')
  switch (event.type) {
    case 'notice.dismiss':
      return press(main.getByRole('status'), 'Dismiss')
    case 'role.open':
      return press(main, `Change role of ${event.member.name}`)
    case 'role.submit':
      await dialog.getByRole('radio', { name: roleLabels[event.role] }).check()
      if (await dialog.getByRole('button', { name: 'Save role' }).isEnabled()) await dialog.getByRole('button', { name: 'Save role' }).click()
      return
    case 'remove.request':
      return press(main, `Remove ${event.member.name}`)
    case 'transfer.submit':
      await dialog.getByRole('combobox', { name: 'New owner' }).selectOption(event.request.to.replaceAll(cara.oid, demoOid))
      await dialog.getByRole('radio', { name: roleLabels[event.request.formerOwnerBecomes!] }).check()
      return press(dialog, 'Offer ownership')
  }
  const [scope, name] = onPage[event.type] ? [main, onPage[event.type]] : [dialog, inDialog[event.type]]
  if (name === undefined) throw new Error(`No browser action for ${JSON.stringify(event)}`)
  return press(scope, name)
}
