import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PurchasePage } from '@/src/features/purchase/components/PurchasePage'
import { purchaseSearchSchema } from '@/src/features/purchase/purchase-search'

// The address is read in the component, which is split from the public pages' JavaScript: route
// options such as validateSearch stay in the entry chunk (docs/decisions/0002).
export const Route = createFileRoute('/account/purchase/')({
  head: () => ({ meta: [{ title: 'Purchase – Prism' }] }),
  component: function PurchaseRoute() {
    const { pid } = v.parse(purchaseSearchSchema, Route.useSearch())
    return <PurchasePage key={pid} priceId={pid ?? null} />
  },
})
