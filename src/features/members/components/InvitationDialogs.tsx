import { Button, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { inviteRequestSchema, type InviteDraft } from '@/common/organisation-contract'
import { ConfirmDialog } from '@/src/ui/ConfirmDialog'
import { DialogActions, ErrorAlert, FreshFormDialog } from '@/src/ui/FormDialog'
import type { InvitationRow } from '../members.select'
import { RoleChoice } from './MemberDialogs'

interface InviteDialogProps {
  opened: boolean
  sending: boolean
  error: string | null
  onInvite: (draft: InviteDraft) => void
  onClose: () => void
}

/** Invite member: an email and a role, checked by the contract before sending. */
export function InviteDialog(props: InviteDialogProps) {
  return <FreshFormDialog title="Invite member" form={InviteForm} props={props} />
}

function InviteForm({ sending, error, onInvite, onClose }: InviteDialogProps) {
  const form = useForm<InviteDraft>({ mode: 'controlled', initialValues: { email: '', role: 'seat-manager' }, validate: schemaResolver(inviteRequestSchema, { sync: true }) })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onInvite({ email: values.email.trim(), role: values.role }))}>
      <Stack>
        <ErrorAlert message={error} />
        <Text size="sm">The invitation works for 14 days, for the person who signs in with this address. The link signs nobody in.</Text>
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('email')} />
        <RoleChoice label="Role" value={form.values.role} onChange={(role) => form.setFieldValue('role', role)} />
        <DialogActions onCancel={onClose} busy={sending}>
          <Button type="submit" loading={sending}>
            Send invitation
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}

/** Asks before an invitation is revoked: its link accepts nothing from then on. */
export function RevokeInvitationDialog({ revoke, onConfirm, onClose }: { revoke: { row: InvitationRow; removing: boolean; error: string | null } | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      opened={revoke !== null}
      title="Revoke invitation"
      question={`Revoke the invitation to ${revoke?.row.email}? Its link accepts nothing from then on.`}
      confirmLabel="Revoke"
      busy={revoke?.removing ?? false}
      error={revoke?.error ?? null}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}
