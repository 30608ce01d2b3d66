import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { membersMachine } from '@/machines/members.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { Notice } from '@/src/ui/Notice'
import { membersActors } from '../members.actors'
import { selectMembers } from '../members.select'
import { InvitationsSection } from './InvitationsSection'
import { LeaveDialog, RemoveMemberDialog, RoleDialog } from './MemberDialogs'
import { MemberTable } from './MemberTable'
import { TransferDialog } from './TransferDialog'
import { TransferOffer } from './TransferOffer'
import '../members.css'

/** Members (issue 30): who runs the organisation, in which role; an owner's invitations beneath. */
export function MembersPage() {
  const { api, session } = useAccountServices()
  const me = useSelector(session, (snapshot) => snapshot.context.account!.oid)
  // A change of the caller's own standing reaches the session, whose sidebar follows it.
  const members = useAppActorRef(membersMachine.provide({ actors: membersActors(api) }), { input: { me, session } })
  const view = useSelector(members, selectMembers)
  const close = () => members.send({ type: 'dialog.close' })

  if (view.left)
    return (
      <Stack>
        <Title order={1}>Members</Title>
        <Text role="status">You left the organisation. The licenses you hold stay yours.</Text>
        <Anchor component={Link} to="/account">
          Go to My Licenses
        </Anchor>
      </Stack>
    )

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>Members</Title>
        {view.listed && (
          <Group gap="xs">
            {view.isOwner && (
              <Button variant="default" disabled={!view.canTransfer} onClick={() => members.send({ type: 'transfer.open' })}>
                Transfer ownership
              </Button>
            )}
            <Button variant="default" color="red" disabled={!view.canLeave} onClick={() => members.send({ type: 'leave.request' })}>
              Leave organisation
            </Button>
          </Group>
        )}
      </Group>
      <Text>
        Owners do everything, members and roles included. Billing managers buy licenses and upgrades and open billing; seat managers assign licenses, rotate their keys and see their activity.
      </Text>

      {view.loading && <Skeleton height={120} radius="md" role="status" aria-busy="true" aria-label="Loading the members" />}
      {view.loadError && <LoadFailed title="The members could not be loaded" message={view.loadError} onRetry={() => members.send({ type: 'members.reload' })} />}
      <Notice notice={view.notice} onDismiss={() => members.send({ type: 'notice.dismiss' })} />
      <ErrorAlert message={view.error} />
      {view.transfer && (
        <TransferOffer
          transfer={view.transfer}
          enabled={view.actionsEnabled}
          onAccept={() => members.send({ type: 'transfer.accept' })}
          onDecline={() => members.send({ type: 'transfer.decline' })}
          onWithdraw={() => members.send({ type: 'transfer.withdraw' })}
        />
      )}
      {view.listed && (
        <MemberTable
          rows={view.rows}
          manages={view.isOwner}
          enabled={view.actionsEnabled}
          onChangeRole={(member) => members.send({ type: 'role.open', member })}
          onRemove={(member) => members.send({ type: 'remove.request', member })}
        />
      )}
      {view.listed && view.isOwner && <InvitationsSection />}

      <RoleDialog dialog={view.role} onSave={(role) => members.send({ type: 'role.submit', role })} onClose={close} />
      <RemoveMemberDialog dialog={view.remove} onConfirm={() => members.send({ type: 'remove.confirm' })} onClose={close} />
      <LeaveDialog dialog={view.leave} onConfirm={() => members.send({ type: 'leave.confirm' })} onClose={close} />
      <TransferDialog dialog={view.offer} onOffer={(request) => members.send({ type: 'transfer.submit', request })} onClose={close} />
    </Stack>
  )
}
