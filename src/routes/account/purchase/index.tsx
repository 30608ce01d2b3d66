import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { PurchasePage } from '../../../features/purchase/components/PurchasePage'

export const Route = createFileRoute('/account/purchase/')({
  validateSearch: v.object({ pid: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))) }),
  // Without a price there is nothing to buy: back to the site root (spec section 2).
  beforeLoad: ({ search }) => {
    if (!search.pid) throw redirect({ to: '/' })
  },
  head: () => ({ meta: [{ title: 'Purchase – Prism' }] }),
  component: function PurchaseRoute() {
    const { pid } = Route.useSearch()
    return <PurchasePage key={pid} priceId={pid!} />
  },
})
