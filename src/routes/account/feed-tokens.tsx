import { createFileRoute } from '@tanstack/react-router'
import { FeedTokensPage } from '@/src/features/feed-tokens/components/FeedTokensPage'

export const Route = createFileRoute('/account/feed-tokens')({
  head: () => ({ meta: [{ title: 'Feed tokens – Prism' }] }),
  component: FeedTokensPage,
})
