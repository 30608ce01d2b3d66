import { createActor, type AnyActorLogic } from 'xstate'
import { describe, expect, it } from 'vitest'
import { accountShellActors } from '@/src/features/account-shell/account.actors'
import { discordActors, licensesActors } from '@/src/features/my-licenses/my-licenses.actors'
import { activityActors } from '@/src/features/manage-licenses/activity.actors'
import { manageLicensesActors } from '@/src/features/manage-licenses/manage-licenses.actors'
import { keyRotationActors } from '@/src/ui/key-rotation/key-rotation.actors'
import { profileActors } from '@/src/features/profile/profile.actors'
import { invoicesActors } from '@/src/features/invoices/invoices.actors'
import { renewalActors } from '@/src/features/manage-licenses/renewal.actors'
import { fabrikam } from '@/testkit/flows/invoices/invoices.model'
import { purchaseCompleteActors } from '@/src/features/purchase/purchase-complete.actors'
import { purchaseActors } from '@/src/features/purchase/purchase.actors'
import { upgradeActors } from '@/src/features/upgrade/upgrade.actors'
import { fetchApi, until } from '@/tests/support/fetch-api'

/** The payment provider's objects as the payment step hands them over: the setup succeeds at once. */
const paymentForm = { stripe: { confirmSetup: async () => ({ setupIntent: { payment_method: 'pm_card_visa' } }) }, elements: {} }

type Factory = (api: ReturnType<typeof fetchApi>['api']) => Record<string, AnyActorLogic>
const factories: Record<string, [Factory, Record<string, unknown>]> = {
  accountShell: [
    (api) => accountShellActors(api),
    { loadAccount: { firstName: 'A', lastName: 'B', email: 'a@example.com', oid: 'oid' }, createPortalSession: { returnUrl: 'https://localhost/account' } },
  ],
  licenses: [(api) => licensesActors(api), {}],
  discord: [(api) => discordActors(api), { connectDiscord: { discordName: 'paula' } }],
  manageLicenses: [
    (api) => manageLicensesActors(api, 'https://localhost'),
    { assignLicense: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, unassignLicense: { licenseId: 'seat_1' }, createCheckoutSession: { priceId: 'commercial', quantity: 1 } },
  ],
  keyRotation: [(api) => keyRotationActors(api), { regenerateKey: { licenseId: 'seat_1' } }],
  activity: [(api) => activityActors(api), { loadActivity: { before: 'cursor_2' } }],
  profile: [(api) => profileActors(api), { saveProfile: { firstName: 'Cara' } }],
  invoices: [(api) => invoicesActors(api), { saveCompany: fabrikam }],
  renewal: [(api) => renewalActors(api), { setRenewalSeats: { subscriptionId: 'sub_1', seats: 2 }, setAutoRenew: { subscriptionId: 'sub_1', autoRenew: false } }],
  purchase: [(api) => purchaseActors(api, 'https://localhost'), { loadProduct: { priceId: 'commercial' }, createCheckoutSession: { priceId: 'commercial', quantity: 1 } }],
  purchaseComplete: [(api) => purchaseCompleteActors(api), { loadCheckoutStatus: { sessionId: 'cs_test_1' } }],
  upgrade: [
    (api) => upgradeActors(api, () => 'https://localhost/account/licenses'),
    {
      setUpPayment: { clientSecret: 'seti_secret', form: paymentForm },
      loadUpgradePreview: { priceId: 'commercial-plus', quantity: 1 },
      upgradeSubscription: { priceId: 'commercial-plus', quantity: 1 },
    },
  ],
}

const cases = Object.entries(factories).flatMap(([group, [factory, inputs]]) => Object.keys(factory(fetchApi().api)).map((name) => [`${group}.${name}`, factory, inputs[name]] as const))

describe('every request actor the machines invoke', () => {
  it.each(cases)('%s: stopping the actor aborts its fetch, and a late answer is never its output', async (_, factory, input) => {
    const { api, sent } = fetchApi()
    const name = _.split('.')[1]!
    const outputs: unknown[] = []
    const actor = createActor(factory(api)[name]!, { input })
    actor.subscribe({ next: (snapshot) => snapshot.status !== 'active' && outputs.push(snapshot.status), error: (error) => outputs.push(error) })
    actor.start()
    await until(() => sent.length > 0)
    const request = sent.at(-1)!
    expect(request.signal.aborted).toBe(false)
    actor.stop()
    expect(request.signal.aborted, `${request.method} ${request.path}`).toBe(true)
    request.answer({})
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(outputs).toEqual([])
  })

  it('saving the profile is two calls (PUT, then GET): stopping during the second aborts it too', async () => {
    const { api, sent } = fetchApi()
    const actor = createActor(profileActors(api).saveProfile, { input: { firstName: 'Cara' } as never }).start()
    await until(() => sent.length === 1)
    sent[0]!.answer(null)
    await until(() => sent.length === 2)
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /api/account/', 'GET /api/account/'])
    actor.stop()
    expect(sent[1]!.signal.aborted).toBe(true)
  })
})
