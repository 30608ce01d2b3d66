import { Alert, Button, Group, Stack, Text } from '@mantine/core'
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
      {rotation.error && (
        <Alert color="red" role="alert">
          {rotation.error}
        </Alert>
      )}
      {askedBy === 'holder' || !seat ? (
        <Text>Regenerate your license key? The old key stops working at once: update your CI secrets and NuGet feed credentials with the new key.</Text>
      ) : (
        <Text className="typed-text">
          Regenerate the key of <strong>{seat.holderName}</strong> ({seat.holderEmail})? The old key stops working at once: they must update their CI secrets and NuGet feed credentials with the new
          key, which they see in My Licenses.
        </Text>
      )}
      <Group justify="flex-end">
        {/* Focus starts on the safe choice: a new key cannot be undone. */}
        <Button variant="default" onClick={onCancel} disabled={rotation.regenerating} autoFocus>
          Cancel
        </Button>
        {rotation.failed ? (
          <Button color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : (
          <Button color="red" loading={rotation.regenerating} onClick={onConfirm}>
            Regenerate key
          </Button>
        )}
      </Group>
    </Stack>
  )
}
