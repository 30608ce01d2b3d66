import { Button, Stack, Text } from '@mantine/core'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import type { TokenRow } from '../feed-tokens.select'

interface RevokeTokenDialogProps {
  revoke: { row: TokenRow; removing: boolean; error: string | null } | null
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a token is revoked: builds using it stop restoring packages at once. */
export function RevokeTokenDialog({ revoke, onConfirm, onClose }: RevokeTokenDialogProps) {
  return (
    <FormDialog opened={revoke !== null} onClose={onClose} title="Revoke feed token">
      {revoke && (
        <Stack>
          <ErrorAlert message={revoke.error} />
          <Text className="typed-text">
            Revoke <strong>{revoke.row.name}</strong> ({revoke.row.lastFour})? Builds that use it can no longer restore packages, at once.
          </Text>
          {/* Focus starts on the safe choice: a revoked token cannot be brought back. */}
          <DialogActions onCancel={onClose} busy={revoke.removing} autoFocusCancel>
            <Button color="red" loading={revoke.removing} onClick={onConfirm}>
              Revoke
            </Button>
          </DialogActions>
        </Stack>
      )}
    </FormDialog>
  )
}
