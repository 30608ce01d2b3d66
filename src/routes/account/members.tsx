import { createFileRoute } from '@tanstack/react-router'
import { MembersPage } from '@/src/features/members/components/MembersPage'

export const Route = createFileRoute('/account/members')({
  head: () => ({ meta: [{ title: 'Members – Prism' }] }),
  component: MembersPage,
})
