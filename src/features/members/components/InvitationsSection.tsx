import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useSelector } from '@xstate/react'
import { invitationsMachine } from '@/machines/invitations.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { ListTable, NoWrapCell, RowButton } from '@/src/ui/ListTable'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { Notice } from '@/src/ui/Notice'
import { invitationsActors } from '../members.actors'
import { selectInvitations } from '../members.select'
import { InviteDialog, RevokeInvitationDialog } from './InvitationDialogs'

/** An owner's invitations: the open ones with Resend and Revoke, and Invite member. */
export function InvitationsSection() {
  const { api } = useAccountServices()
  const invitations = useAppActorRef(invitationsMachine.provide({ actors: invitationsActors(api) }))
  const view = useSelector(invitations, selectInvitations)
  const close = () => invitations.send({ type: 'dialog.close' })

  return (
    <Stack component="section" aria-labelledby="invitations-title">
      <Group justify="space-between" align="center">
        <Title order={2} id="invitations-title">
          Invitations
        </Title>
        {view.listed && (
          <Button disabled={!view.actionsEnabled} onClick={() => invitations.send({ type: 'invite.open' })}>
            Invite member
          </Button>
        )}
      </Group>
      {view.loading && <Skeleton height={80} radius="md" role="status" aria-busy="true" aria-label="Loading the invitations" />}
      {view.loadError && <LoadFailed title="The invitations could not be loaded" message={view.loadError} onRetry={() => invitations.send({ type: 'invitations.reload' })} />}
      <Notice notice={view.notice} onDismiss={() => invitations.send({ type: 'notice.dismiss' })} />
      <ErrorAlert message={view.error} />
      {view.listed &&
        (view.rows.length === 0 ? (
          <Text c="dimmed">No invitations waiting.</Text>
        ) : (
          <ListTable label="Invitations" minWidth={640} headers={['Email', 'Role', 'Sent by', 'Expires']} actions>
            {view.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{row.role}</Table.Td>
                <Table.Td className="typed-text">{row.invitedBy}</Table.Td>
                <NoWrapCell>{row.expires}</NoWrapCell>
                <NoWrapCell ta="right">
                  <RowButton
                    loading={view.resending === row.id}
                    disabled={!view.actionsEnabled}
                    aria-label={`Resend invitation to ${row.email}`}
                    onClick={() => invitations.send({ type: 'invitation.resend', invitation: row.invitation })}
                  >
                    Resend
                  </RowButton>
                  <RowButton
                    color="red"
                    disabled={!view.actionsEnabled}
                    aria-label={`Revoke invitation to ${row.email}`}
                    onClick={() => invitations.send({ type: 'revoke.request', invitation: row.invitation })}
                  >
                    Revoke
                  </RowButton>
                </NoWrapCell>
              </Table.Tr>
            ))}
          </ListTable>
        ))}
      <InviteDialog {...view.invite} onInvite={(draft) => invitations.send({ type: 'invite.submit', draft })} onClose={close} />
      <RevokeInvitationDialog revoke={view.revoke} onConfirm={() => invitations.send({ type: 'revoke.confirm' })} onClose={close} />
    </Stack>
  )
}
