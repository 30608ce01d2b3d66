import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PurchaseCompletePage } from '../../../features/purchase/components/PurchaseCompletePage'

export const Route = createFileRoute('/account/purchase/complete')({
  validateSearch: v.object({
    success: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
    session_id: v.optional(v.string()),
    pid: v.optional(v.string()),
  }),
  head: () => ({ meta: [{ title: 'Purchase – Prism' }] }),
  component: function PurchaseCompleteRoute() {
    const { success, pid } = Route.useSearch()
    return <PurchaseCompletePage success={success === true || success === 'true'} priceId={pid} />
  },
})
