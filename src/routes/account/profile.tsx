import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '@/src/features/profile/components/ProfilePage'

export const Route = createFileRoute('/account/profile')({
  head: () => ({ meta: [{ title: 'Profile – Prism' }] }),
  component: ProfilePage,
})
