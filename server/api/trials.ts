import { apiRoutes } from '@/common/api-paths'
import { trialExtensionDays } from '@/common/billing-contract'
import type { Context } from 'hono'
import type { Database } from '../db/database'
import { conflict } from '../kernel/refusal'
import { findAccountRow, toAccount } from '../licensing/account-store'
import { ensureCustomer } from '../licensing/billing-account'
import { checkTrialAllowed, claimExtension, recordTrial, releaseExtension, trialOf, trialRefusals, type TrialAsker } from '../licensing/trials'
import type { StripeGateway } from '../payments/gateway'
import { syncSubscription } from '../payments/subscription-sync'
import { caller, idempotencyKey, person, resource, stripeFor, type Env } from './context'
import { allow } from './permissions'

const dayMs = 86_400_000

/**
 * /api/stripe/trial (issue 49, decision 0047): a 30-day Commercial Plus trial without a card, for an
 * organisation that has no subscription, asked by its owner or billing manager with a verified
 * address; one per organisation, company domain and person. The trial is made at Stripe, recorded,
 * and its subscription synced at once: its seat is the asker's organisation's before the webhook
 * tells of it. Its one extension moves the trial's end 14 days on.
 */
export function trialRoutes(db: Database, gateway: StripeGateway) {
  const answer = async (c: Context<Env>) => c.json({ ...(await trialOf(db, caller(c).oid)), account: toAccount(await findAccountRow(db, caller(c).oid)) })

  return resource()
    .post(apiRoutes.startTrial.route, allow('billing'), async (c) => {
      const asker: TrialAsker = { ownerOid: caller(c).oid, personOid: person(c).oid, email: person(c).email, emailVerified: person(c).emailVerified }
      await checkTrialAllowed(db, asker)
      const stripe = stripeFor(c, gateway)
      const customerId = await ensureCustomer(db, await findAccountRow(db, asker.ownerOid), stripe.findOrCreateCustomer)
      // One key per organisation: two presses at once make one trial at Stripe.
      const subscriptionId = await stripe.startTrial({ customerId, accountOid: asker.ownerOid, idempotencyKey: idempotencyKey(c, 'trial', { trial: asker.ownerOid }) })
      if (!(await recordTrial(db, asker, subscriptionId))) {
        // Another organisation of the domain, or this person elsewhere, took the trial meanwhile.
        await stripe.endTrial(subscriptionId, `trial-refused:${subscriptionId}`)
        await checkTrialAllowed(db, asker)
        throw conflict(trialRefusals.organisation)
      }
      await syncSubscription(db, stripe, subscriptionId, { context: { route: 'trial' } })
      return answer(c)
    })
    .post(apiRoutes.extendTrial.route, allow('billing'), async (c) => {
      const oid = caller(c).oid
      const stripe = stripeFor(c, gateway)
      const { stripeSubscriptionId, trialEnd } = await claimExtension(db, oid)
      const extendedTo = new Date(trialEnd.getTime() + trialExtensionDays * dayMs)
      try {
        await stripe.extendTrial({ subscriptionId: stripeSubscriptionId, trialEnd: extendedTo, idempotencyKey: `trial-extension:${stripeSubscriptionId}` })
      } catch (error) {
        await releaseExtension(db, oid)
        throw error
      }
      await syncSubscription(db, stripe, stripeSubscriptionId, { context: { route: 'trial-extension' } })
      return answer(c)
    })
}
