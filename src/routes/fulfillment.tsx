import { createFileRoute } from '@tanstack/react-router'
import { pageMeta } from '../content/pages'
import { fulfillmentPolicy } from '../content/policies'
import { PolicyPage } from '../features/marketing/components/PolicyPage'
import { pageHead } from '../ui/page-head'

export const Route = createFileRoute('/fulfillment')({
  head: () => pageHead(pageMeta.fulfillment),
  component: () => <PolicyPage policy={fulfillmentPolicy} />,
})
