import { Button, Radio, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { MemberRole } from '@/common/contract'
import { memberRoles } from '@/common/contract'
import { roleDuties, roleLabels } from '@/common/roles'
import { ConfirmDialog } from '@/src/ui/ConfirmDialog'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import type { MemberRow } from '../members.select'

interface DialogState {
  opened: boolean
  busy: boolean
  error: string | null
}

/** The three roles, each with what it may do. */
export function RoleChoice({ label, value, onChange }: { label: string; value: string; onChange: (role: MemberRole) => void }) {
  return (
    <Radio.Group label={label} value={value} onChange={(role) => onChange(role as MemberRole)}>
      <Stack gap="xs" mt="xs">
        {memberRoles.map((role) => (
          <Radio key={role} value={role} label={roleLabels[role]} description={roleDuties[role]} />
        ))}
      </Stack>
    </Radio.Group>
  )
}

/** Change role: the member's role chosen, any of the three; the last owner keeps theirs (the API says so). */
export function RoleDialog({ dialog, onSave, onClose }: { dialog: DialogState & { member: MemberRow | null }; onSave: (role: MemberRole) => void; onClose: () => void }) {
  return (
    <FormDialog opened={dialog.opened} onClose={onClose} title="Change role">
      {/* Mounted per opening: the choice starts at the member's role, and stays through a refusal. */}
      {dialog.opened && dialog.member && <RoleForm dialog={dialog} member={dialog.member} onSave={onSave} onClose={onClose} />}
    </FormDialog>
  )
}

function RoleForm({ dialog, member, onSave, onClose }: { dialog: DialogState; member: MemberRow; onSave: (role: MemberRole) => void; onClose: () => void }) {
  const [role, setRole] = useState<MemberRole>(member.member.role)
  return (
    <Stack>
      <ErrorAlert message={dialog.error} />
      <Text size="sm" className="typed-text">
        The role of {member.name} ({member.email}):
      </Text>
      <RoleChoice label="Role" value={role} onChange={setRole} />
      <DialogActions onCancel={onClose} busy={dialog.busy}>
        <Button loading={dialog.busy} disabled={role === member.member.role} onClick={() => onSave(role)}>
          Save role
        </Button>
      </DialogActions>
    </Stack>
  )
}

/** Asks before a member is removed: what their role allowed goes at once; the licenses they hold stay theirs. */
export function RemoveMemberDialog({ dialog, onConfirm, onClose }: { dialog: DialogState & { member: MemberRow | null }; onConfirm: () => void; onClose: () => void }) {
  const member = dialog.member
  return (
    <ConfirmDialog
      {...dialog}
      opened={dialog.opened && member !== null}
      title="Remove member"
      question={`Remove ${member?.name} (${member?.email}) from the organisation? What their role allows goes at once; the licenses they hold stay theirs.`}
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}

/** Asks before the caller leaves: the last owner cannot (the API says so, in the dialog). */
export function LeaveDialog({ dialog, onConfirm, onClose }: { dialog: DialogState; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      {...dialog}
      title="Leave organisation"
      question="Leave the organisation? What your role allows goes at once; the licenses you hold stay yours."
      confirmLabel="Leave"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}
