import type { SnapshotFrom } from 'xstate'
import type { purchaseMachine } from '@/machines/purchase.machine'
import type { Product } from '@/common/contract'
import { findPlan } from '@/common/plans'
import { formatUsd } from '@/common/format'

export function selectPurchase(snapshot: SnapshotFrom<typeof purchaseMachine>) {
  const { product, seats, error } = snapshot.context
  return {
    loading: snapshot.matches('loadingProduct') || snapshot.matches('checkingOut') || snapshot.matches('leaving'),
    notAvailable: snapshot.matches('notAvailable'),
    limitReached: snapshot.matches('limitReached'),
    product,
    seats,
    total: product ? formatUsd(product.price * seats) : '',
    pricePerSeat: product ? (product.price === 0 ? product.priceDisplay : formatUsd(product.price)) : '',
    canIncrease: snapshot.can({ type: 'seats.increase' }),
    seatLimitNote: product && seats >= (product.seatsAvailable ?? Infinity) ? seatLimitNote(product) : null,
    canDecrease: snapshot.can({ type: 'seats.decrease' }),
    redirecting: snapshot.matches('redirecting'),
    error,
  }
}

/** Why the seat count stops: the plan's limit (Community: 5), less what the account holds. */
function seatLimitNote(product: Product) {
  const limit = findPlan(product.priceId)?.maxPurchaseSeats
  const held = limit === undefined ? 0 : limit - (product.seatsAvailable ?? limit)
  return held > 0 ? `Your account holds ${held} ${product.name} ${held === 1 ? 'license' : 'licenses'}: at most ${limit} in all.` : `The ${product.name} license covers at most ${limit} developers.`
}
