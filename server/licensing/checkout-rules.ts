import type { CheckoutRequest } from '@/common/contract'
import { findPlan, type Plan } from '@/common/plans'
import type { Queryable } from '../db/database'
import type { AccountRow } from './account-store'
import { seatsHeldSql, type Holdings, type PendingCheckout } from './pending-checkouts'
import { conflict, Refusal } from '../kernel/refusal'

/** How many checkouts an account may have open at once (decision 0051): a person buys in one or two. */
export const maxOpenCheckouts = 5

/**
 * A refusal (409) for checkouts that still count: `inTheWay` are those Stripe may have seen paid
 * or expired meanwhile, the only ones worth asking it about before the order is weighed again.
 */
export class CheckoutsInTheWay extends Refusal {
  constructor(
    message: string,
    readonly inTheWay: PendingCheckout[],
  ) {
    super('conflict', message)
  }
}

const inTheWay = (message: string, checkouts: PendingCheckout[]) =>
  new CheckoutsInTheWay(
    message,
    checkouts.filter((checkout) => checkout.sessionId !== null && checkout.subscriptionId === null),
  )

/** How many more seats of the plan the owner may buy (Community: five an account, checkouts still open included); null: no limit. */
export async function seatsAvailable(db: Queryable, ownerOid: string, plan: Plan): Promise<number | null> {
  const limit = plan.maxPurchaseSeats
  if (limit === undefined) return null
  const [row] = await db.query<{ held: number }>(`select ${seatsHeldSql('$1')} as held`, [ownerOid])
  return Math.max(0, limit - (row?.held ?? 0))
}

/** When a checkout that still counts stops counting at the latest, in words. */
function untilExpiry(checkout: PendingCheckout, now: number) {
  const minutes = Math.max(1, Math.ceil((checkout.expiresAt.getTime() - now) / 60_000))
  return checkout.subscriptionId ? 'once its payment is recorded (in a moment)' : `when it expires, within ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/** The one-type rule's refusal, in words, while a checkout of another plan still counts. */
function otherTypeStillOpen(checkout: PendingCheckout, now: number) {
  const name = findPlan(checkout.priceId)?.name ?? checkout.priceId
  return `Accounts are limited to one license type, and your checkout for ${name} is still open: complete it, or try again ${untilExpiry(checkout, now)}.`
}

/** An upgrade to another plan while this checkout of the one left behind still counts: paid, it would add a second license type (409; Stripe may say it was paid or expired meanwhile). */
export const otherTypeInTheWay = (checkout: PendingCheckout, now = Date.now()) => inTheWay(otherTypeStillOpen(checkout, now), [checkout])

/**
 * Weighs an order against what the account holds, its checkouts that still count included, and
 * names the checkout it goes into: the same order again (the same key) goes into its own checkout
 * while that is open; after it expired, into a new one keyed after it. Refuses (409) another license
 * type than the account's or its open checkouts', or more seats than the plan allows.
 */
export function decideOrder(
  account: Pick<AccountRow, 'allowed_price_id'>,
  order: Pick<CheckoutRequest, 'priceId' | 'quantity'>,
  holdings: Holdings,
  key: string,
  now = Date.now(),
): { id: string; existing?: PendingCheckout } {
  const latest = holdings.checkouts.filter((checkout) => checkout.id === key || checkout.id.startsWith(`${key}:after:`)).at(-1)
  const existing = latest && !latest.finished ? latest : undefined
  if (existing && (existing.priceId !== order.priceId || existing.quantity !== order.quantity)) throw conflict('This Idempotency-Key was already used for a different request.')
  const others = holdings.checkouts.filter((checkout) => checkout.counts && checkout.id !== existing?.id)

  if (account.allowed_price_id && account.allowed_price_id !== order.priceId) throw conflict('Accounts are limited to one license type.')
  const otherType = others.find((checkout) => checkout.priceId !== order.priceId)
  if (otherType)
    throw inTheWay(
      otherTypeStillOpen(otherType, now),
      others.filter((checkout) => checkout.priceId !== order.priceId),
    )
  if (!existing && others.length >= maxOpenCheckouts) {
    throw inTheWay(`You have ${others.length} checkouts open: complete one, or try again ${untilExpiry(others[0]!, now)}.`, others)
  }

  const plan = findPlan(order.priceId)!
  const limit = plan.maxPurchaseSeats
  const pending = others.reduce((sum, checkout) => sum + checkout.quantity, 0)
  if (limit !== undefined && holdings.purchased + pending + order.quantity > limit) {
    const latestOther = others.at(-1)
    if (!latestOther) throw conflict(`${plan.name} is limited to ${limit} licenses per account.`)
    throw inTheWay(
      `${plan.name} is limited to ${limit} licenses per account, and ${pending} ${pending === 1 ? 'is' : 'are'} in your checkout still open: complete it, or try again ${untilExpiry(latestOther, now)}.`,
      others,
    )
  }
  if (existing) return { id: existing.id, existing }
  return { id: latest ? `${key}:after:${latest.sessionId ?? latest.id}` : key }
}
