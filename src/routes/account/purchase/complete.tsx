import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PurchaseCompletePage } from '../../../features/purchase/components/PurchaseCompletePage'
import { purchaseCompleteSearchSchema } from '../../../features/purchase/purchase-search'

export const Route = createFileRoute('/account/purchase/complete')({
  head: () => ({ meta: [{ title: 'Purchase – Prism' }] }),
  component: function PurchaseCompleteRoute() {
    const { success, pid } = v.parse(purchaseCompleteSearchSchema, Route.useSearch())
    return <PurchaseCompletePage success={success === true || success === 'true'} priceId={pid} />
  },
})
