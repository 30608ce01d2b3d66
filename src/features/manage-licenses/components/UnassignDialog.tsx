import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { AssignedLicense } from '../../../../common/contract'
import { fullName } from '../license-table'

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
    <Modal withinPortal={false} closeButtonProps={{ 'aria-label': 'Close' }} opened={license !== null} onClose={onClose} title="Unassign License">
      {license && (
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text className="typed-text">
            Unassign the license of <strong>{fullName(license)}</strong> ({license.email})? They lose access, and the license becomes available to assign again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={removing}>
              Cancel
            </Button>
            <Button color="red" loading={removing} onClick={onConfirm} data-autofocus>
              Unassign
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
