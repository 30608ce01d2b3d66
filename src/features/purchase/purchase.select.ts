import type { SnapshotFrom } from 'xstate'
import type { purchaseMachine } from '../../../machines/purchase.machine'
import { formatUsd } from '../../ui/format'

export function selectPurchase(snapshot: SnapshotFrom<typeof purchaseMachine>) {
  const { product, seats, error } = snapshot.context
  return {
    loading: snapshot.matches('loadingProduct') || snapshot.matches('checkingOut') || snapshot.matches('leaving'),
    notAvailable: snapshot.matches('notAvailable'),
    product,
    seats,
    total: product ? formatUsd(product.price * seats) : '',
    pricePerSeat: product ? (product.price === 0 ? product.priceDisplay : formatUsd(product.price)) : '',
    canIncrease: snapshot.can({ type: 'seats.increase' }),
    canDecrease: snapshot.can({ type: 'seats.decrease' }),
    redirecting: snapshot.matches('redirecting'),
    error,
  }
}
