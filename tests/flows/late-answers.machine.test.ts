import { describe, expect, it, vi } from 'vitest'
import { createActor, type AnyActorRef } from 'xstate'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { discordConnectMachine } from '@/machines/discord-connect.machine'
import { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { profileMachine } from '@/machines/profile.machine'
import { purchaseMachine } from '@/machines/purchase.machine'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { plans, upgradePaths } from '@/common/plans'
import { accountShellActors } from '@/src/features/account-shell/account.actors'
import { discordActors } from '@/src/features/my-licenses/my-licenses.actors'
import { manageLicensesActors } from '@/src/features/manage-licenses/manage-licenses.actors'
import { profileActors } from '@/src/features/profile/profile.actors'
import { purchaseActors } from '@/src/features/purchase/purchase.actors'
import { upgradeActors } from '@/src/features/upgrade/upgrade.actors'
import { fetchApi, until } from '../support/fetch-api'
import { freeSeatStats, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { account } from '@/testkit/flows/session/session.model'

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('closing a dialog cancels its request; the late answer changes nothing', () => {
  it('Connect Discord closed while joining: no invite opens, the card stays unconnected', async () => {
    const { api, sent } = fetchApi()
    const openInvite = vi.fn()
    const discord = createActor(discordConnectMachine.provide({ actors: discordActors(api), actions: { openInvite } }), { input: {} }).start()
    discord.send({ type: 'dialog.open' })
    discord.send({ type: 'name.change', value: 'paula.plus' })
    discord.send({ type: 'discord.join' })
    await until(() => sent.length === 1)
    discord.send({ type: 'dialog.close' })
    expect(sent[0]!.signal.aborted).toBe(true)
    sent[0]!.answer({ inviteLink: 'https://discord.gg/late', discordConnected: true })
    await settle()
    expect(openInvite).not.toHaveBeenCalled()
    expect(discord.getSnapshot().value).toBe('closed')
  })

  it('the upgrade wizard closed while it looks up the payment method: the page stays without a dialog', async () => {
    const { api, sent } = fetchApi()
    const upgrade = upgradeMachine.provide({ actors: upgradeActors(api, () => 'https://localhost/account/licenses') })
    const manage = createActor(manageLicensesMachine.provide({ actors: { ...manageLicensesActors(api, 'https://localhost'), upgrade } }), {
      input: { checkoutReturned: false, plans, upgradePaths },
    }).start()
    await until(() => sent.length === 2)
    sent.find((request) => request.path.endsWith('/stats/'))!.answer(freeSeatStats)
    sent.find((request) => request.path.endsWith('/assigned'))!.answer([ownSeat])
    await until(() => manage.getSnapshot().matches({ ready: 'none' }))
    manage.send({ type: 'upgrade.open' })
    ;(manage.getSnapshot().children as Record<string, AnyActorRef>).upgrade!.send({ type: 'wizard.continue' })
    await until(() => sent.length === 3)
    manage.send({ type: 'dialog.close' })
    expect(sent[2]!.signal.aborted).toBe(true)
    sent[2]!.answer({ hasPaymentMethod: true, card: null })
    await settle()
    expect(manage.getSnapshot().value).toEqual({ ready: 'none' })
    expect(manage.getSnapshot().children).not.toHaveProperty('upgrade')
  })
})

type Held = ReturnType<typeof fetchApi>
/** Each page's machine, the request it is left during, what the user did to make it, and what its answer would have done. */
const pages = [
  {
    page: 'the profile, while saving',
    machine: profileMachine,
    input: {},
    request: 'PUT /api/account/',
    effect: 'announceAccount',
    act: async (page: AnyActorRef, sent: Held['sent']) => {
      await until(() => sent.length === 1)
      sent[0]!.answer(account)
      await until(() => page.getSnapshot().matches('editing'))
      page.send({ type: 'profile.save', fields: account })
    },
  },
  { page: 'the purchase page, while the product loads', machine: purchaseMachine, input: { priceId: 'commercial', allowedPriceId: null }, request: 'GET /api/products/commercial', effect: 'goHome' },
  {
    page: 'Billing, while the portal session is made',
    machine: billingPortalMachine,
    request: 'POST /api/stripe/create-customer-portal-session',
    effect: 'goToPortal',
    act: async (page: AnyActorRef) => page.send({ type: 'portal.open', returnUrl: 'https://localhost/account' }),
  },
  { page: 'Manage Licenses, while it loads', machine: manageLicensesMachine, input: { checkoutReturned: false, plans, upgradePaths }, request: 'GET /api/account/stats/', effect: 'confirmCheckout' },
] as const

describe('leaving a page (its actor stops) cancels its requests; late answers do nothing', () => {
  it.each(pages)('$page', async (spec) => {
    const { api, sent } = fetchApi()
    const effect = vi.fn()
    const actors = { ...profileActors(api), ...purchaseActors(api, 'https://localhost'), ...accountShellActors(api), ...manageLicensesActors(api, 'https://localhost') }
    const logic = (spec.machine as typeof profileMachine).provide({ actors, actions: { [spec.effect]: effect } } as never)
    const page = createActor(logic, { input: 'input' in spec ? spec.input : undefined } as never).start() as AnyActorRef
    if ('act' in spec) await spec.act(page, sent)
    await until(() => sent.some((held) => `${held.method} ${held.path}` === spec.request))
    page.stop()
    const left = sent.filter((held) => !held.signal.aborted && `${held.method} ${held.path}` === spec.request)
    expect(left).toEqual([])
    for (const held of sent) held.answer(spec.machine === manageLicensesMachine ? freeSeatStats : {})
    await settle()
    expect(effect).not.toHaveBeenCalled()
  })
})
