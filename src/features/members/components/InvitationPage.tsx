import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { invitationAcceptanceActors } from '../members.actors'
import { selectInvitationAcceptance } from '../members.select'
import '../members.css'

/**
 * The page an invitation's link opens (issue 30). The link signs nobody in: the account area has
 * asked the person to sign in, and the API shows the invitation only to the address it was sent to.
 */
export function InvitationPage({ secret }: { secret: string }) {
  const { api, session } = useAccountServices()
  // Once accepted, the new standing reaches the session, whose sidebar follows.
  const acceptance = useAppActorRef(invitationAcceptanceMachine.provide({ actors: invitationAcceptanceActors(api) }), { input: { secret, session } })
  const view = useSelector(acceptance, selectInvitationAcceptance)
  const offer = view.offer

  return (
    <Stack>
      <Title order={1}>Invitation</Title>
      {view.loading && <Skeleton height={120} radius="md" role="status" aria-busy="true" aria-label="Loading the invitation" />}
      {view.loadError && <LoadFailed title="The invitation could not be opened" message={view.loadError} onRetry={() => acceptance.send({ type: 'offer.reload' })} />}
      {offer && view.asks && (
        <Paper withBorder p="lg" radius="md" component="section" aria-label="What you are invited to">
          <Stack>
            <ErrorAlert message={view.error} />
            <Text className="typed-text">
              {offer.invitedBy ?? 'An owner'} invites you to manage the Prism licenses of {offer.organisation} as a {offer.role}.
            </Text>
            <Text size="sm">
              As a {offer.role}: {offer.duties}
            </Text>
            <Text size="sm">The invitation works until {offer.expires}. A person is a member of one organisation; the licenses you hold stay yours.</Text>
            <Group>
              <Button loading={view.busy} onClick={() => acceptance.send({ type: 'invitation.accept' })}>
                Accept invitation
              </Button>
              <Button variant="default" disabled={view.busy} onClick={() => acceptance.send({ type: 'invitation.decline' })}>
                Decline
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {offer && view.accepted && (
        <>
          <Text role="status" className="typed-text">
            You are a {offer.role} of {offer.organisation} now.
          </Text>
          <Anchor component={Link} to="/account/members">
            Go to Members
          </Anchor>
        </>
      )}
      {offer && view.declined && (
        <>
          <Text role="status">You declined the invitation. Nothing was changed; its link stops working on {offer.expires}.</Text>
          <Anchor component={Link} to="/account">
            Go to My Licenses
          </Anchor>
        </>
      )}
    </Stack>
  )
}
