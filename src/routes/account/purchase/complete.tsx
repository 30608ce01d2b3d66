import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PurchaseCompletePage } from '@/src/features/purchase/components/PurchaseCompletePage'
import { purchaseCompleteSearchSchema } from '@/src/features/purchase/purchase-search'
import { checkoutSucceeded } from '@/src/payments/checkout-return'

export const Route = createFileRoute('/account/purchase/complete')({
  head: () => ({ meta: [{ title: 'Purchase – Prism' }] }),
  component: function PurchaseCompleteRoute() {
    const { success, session_id: sessionId, pid } = v.parse(purchaseCompleteSearchSchema, Route.useSearch())
    return <PurchaseCompletePage key={`${String(success)} ${sessionId ?? ''}`} success={checkoutSucceeded(success)} sessionId={sessionId ?? null} priceId={pid} />
  },
})
