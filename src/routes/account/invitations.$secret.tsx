import { createFileRoute, redirect } from '@tanstack/react-router'
import { keepInvitation } from '@/src/features/members/invitation-link'

// Links mailed before the secret moved to the fragment (issue 48) work until they expire, 14 days
// on: the secret goes into this tab and the address becomes the new page's (decision 0058).
export const Route = createFileRoute('/account/invitations/$secret')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/account/invitations', search: { link: keepInvitation(params.secret) }, replace: true })
  },
})
