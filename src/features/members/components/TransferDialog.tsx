import { Button, NativeSelect, Radio, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { TransferRequest } from '@/common/organisation-contract'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import type { MemberRow } from '../members.select'

interface TransferDialogProps {
  dialog: { opened: boolean; busy: boolean; error: string | null; candidates: MemberRow[] }
  onOffer: (request: TransferRequest) => void
  onClose: () => void
}

const becomes = { 'billing-manager': 'Billing manager', 'seat-manager': 'Seat manager', none: 'No member: I leave the organisation' } as const

/** Transfer ownership: to another member, who accepts before it takes effect; the owner chooses what they become then. */
export function TransferDialog({ dialog, onOffer, onClose }: TransferDialogProps) {
  return (
    <FormDialog opened={dialog.opened} onClose={onClose} title="Transfer ownership">
      {dialog.opened && <TransferForm dialog={dialog} onOffer={onOffer} onClose={onClose} />}
    </FormDialog>
  )
}

function TransferForm({ dialog, onOffer, onClose }: TransferDialogProps) {
  const [to, setTo] = useState(dialog.candidates[0]?.oid ?? '')
  const [after, setAfter] = useState<keyof typeof becomes>('billing-manager')
  return (
    <Stack>
      <ErrorAlert message={dialog.error} />
      <Text size="sm">The member you choose becomes an owner once they accept the offer on their Members page. One offer waits at a time.</Text>
      <NativeSelect
        label="New owner"
        value={to}
        onChange={(event) => setTo(event.currentTarget.value)}
        data={dialog.candidates.map((candidate) => ({ value: candidate.oid, label: `${candidate.name} (${candidate.role})` }))}
      />
      <Radio.Group label="Once they accept, I become" value={after} onChange={(value) => setAfter(value as keyof typeof becomes)}>
        <Stack gap="xs" mt="xs">
          {Object.entries(becomes).map(([value, label]) => (
            <Radio key={value} value={value} label={label} />
          ))}
        </Stack>
      </Radio.Group>
      <DialogActions onCancel={onClose} busy={dialog.busy}>
        <Button loading={dialog.busy} onClick={() => onOffer({ to, formerOwnerBecomes: after === 'none' ? null : after })}>
          Offer ownership
        </Button>
      </DialogActions>
    </Stack>
  )
}
