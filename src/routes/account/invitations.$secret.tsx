import { createFileRoute } from '@tanstack/react-router'
import { InvitationPage } from '@/src/features/members/components/InvitationPage'

// The link an invitation's mail carries: it authenticates nobody, the account area asks for the
// sign-in first (and comes back here), and the page shows the invitation to the address it was sent to.
export const Route = createFileRoute('/account/invitations/$secret')({
  head: () => ({ meta: [{ title: 'Invitation – Prism' }] }),
  component: InvitationRoute,
})

function InvitationRoute() {
  const { secret } = Route.useParams()
  return <InvitationPage secret={secret} />
}
