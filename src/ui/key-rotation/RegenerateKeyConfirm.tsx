import { Button, Stack, Text } from '@mantine/core'
import { DialogActions, ErrorAlert } from '../FormDialog'
import type { selectKeyRotation } from './key-rotation.select'

interface RegenerateKeyConfirmProps {
  rotation: ReturnType<typeof selectKeyRotation>
  /** Who asks: the seat's holder (My Licenses) or the subscription's owner (Manage Licenses). */
  askedBy: 'holder' | 'owner'
  onConfirm: () => void
  onRetry: () => void
  onCancel: () => void
}

/** Asks before a key changes: the old key stops working at once, so everything using it must change too. */
export function RegenerateKeyConfirm({ rotation, askedBy, onConfirm, onRetry, onCancel }: RegenerateKeyConfirmProps) {
  const seat = rotation.seat
  return (
    <Stack>
      <ErrorAlert message={rotation.error} />
      {askedBy === 'holder' || !seat ? (
        <Text>Regenerate your license key? The old key stops working at once: update your CI secrets and NuGet feed credentials with the new key.</Text>
      ) : (
        <Text className="typed-text">
          Regenerate the key of <strong>{seat.holderName}</strong> ({seat.holderEmail})? The old key stops working at once: they must update their CI secrets and NuGet feed credentials with the new
          key, which they see in My Licenses.
        </Text>
      )}
      {/* Focus starts on the safe choice: a new key cannot be undone. */}
      <DialogActions onCancel={onCancel} busy={rotation.regenerating} autoFocusCancel>
        {rotation.failed ? (
          <Button color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : (
          <Button color="red" loading={rotation.regenerating} onClick={onConfirm}>
            Regenerate key
          </Button>
        )}
      </DialogActions>
    </Stack>
  )
}
