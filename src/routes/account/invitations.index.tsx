import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { InvitationPage } from '@/src/features/members/components/InvitationPage'
import { keepInvitation, keptInvitation, secretInAddress } from '@/src/features/members/invitation-link'

// The link an invitation's mail carries, `/account/invitations#<secret>`: it authenticates nobody,
// the account area asks for the sign-in first, and the page shows the invitation to the address it
// was sent to. The secret moves out of the address into this tab at once (issue 48): the address
// keeps only the nonce that finds it, so a later sign-in's round trip sends no secret either.
const invitationSearchSchema = v.object({ link: v.optional(v.string()) })

export const Route = createFileRoute('/account/invitations/')({
  head: () => ({ meta: [{ title: 'Invitation – Prism' }] }),
  beforeLoad: ({ location }) => {
    const secret = secretInAddress(location)
    if (secret) throw redirect({ to: '/account/invitations', search: { link: keepInvitation(secret) }, replace: true })
  },
  component: function InvitationRoute() {
    const { link } = v.parse(invitationSearchSchema, Route.useSearch())
    return <InvitationPage key={link} secret={keptInvitation(link)} />
  },
})
