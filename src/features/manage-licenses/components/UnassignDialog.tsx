import { Button, Stack, Text } from '@mantine/core'
import type { AssignedLicense } from '@/common/contract'
import { fullName } from '../license-table'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'

interface UnassignDialogProps {
  license: AssignedLicense | null
  removing: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a seat is taken from its holder. */
export function UnassignDialog({ license, removing, error, onConfirm, onClose }: UnassignDialogProps) {
  return (
    <FormDialog opened={license !== null} onClose={onClose} title="Unassign License">
      {license && (
        <Stack>
          <ErrorAlert message={error} />
          <Text className="typed-text">
            Unassign the license of <strong>{fullName(license)}</strong> ({license.email})? They lose access, and the license becomes available to assign again.
          </Text>
          <DialogActions onCancel={onClose} busy={removing}>
            <Button color="red" loading={removing} onClick={onConfirm} data-autofocus>
              Unassign
            </Button>
          </DialogActions>
        </Stack>
      )}
    </FormDialog>
  )
}
