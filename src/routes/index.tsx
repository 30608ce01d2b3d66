import { createFileRoute } from '@tanstack/react-router'
import { pageMeta } from '../content/pages'
import { LandingPage } from '../features/marketing/components/LandingPage'
import { pageHead } from '../ui/page-head'

export const Route = createFileRoute('/')({
  head: () => pageHead(pageMeta.home),
  component: LandingPage,
})
