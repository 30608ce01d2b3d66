import { createFileRoute } from '@tanstack/react-router'
import { pageMeta } from '../content/pages'
import { privacyPolicy } from '../content/policies'
import { PolicyPage } from '../features/marketing/components/PolicyPage'
import { pageHead } from '../ui/page-head'

export const Route = createFileRoute('/privacy')({
  head: () => pageHead(pageMeta.privacy),
  component: () => <PolicyPage policy={privacyPolicy} />,
})
