import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { CopyField } from '../CopyField'
import { FormDialog } from '../FormDialog'
import type { selectKeyRotation } from './key-rotation.select'
import { RegenerateKeyConfirm } from './RegenerateKeyConfirm'
import './key-rotation.css'

interface RegenerateKeyDialogProps {
  rotation: ReturnType<typeof selectKeyRotation>
  onConfirm: () => void
  onRetry: () => void
  onClose: () => void
}

/** The owner's rotation of a seat's key (Manage Licenses): the confirmation, then the new key to pass on. */
export function RegenerateKeyDialog({ rotation, onConfirm, onRetry, onClose }: RegenerateKeyDialogProps) {
  const opened = rotation.confirming || rotation.done
  return (
    <FormDialog opened={opened} onClose={onClose} title="Regenerate key">
      {rotation.confirming && <RegenerateKeyConfirm rotation={rotation} askedBy="owner" onConfirm={onConfirm} onRetry={onRetry} onCancel={onClose} />}
      {rotation.done && rotation.newKey && rotation.seat && (
        <Stack>
          <Alert color="teal" role="status">
            A new key was made. The old key no longer works.
          </Alert>
          <CopyField label="New license key" value={rotation.newKey} />
          <Text size="sm" className="typed-text">
            {rotation.seat.holderName} ({rotation.seat.holderEmail}) sees the new key in My Licenses.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} autoFocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </FormDialog>
  )
}
