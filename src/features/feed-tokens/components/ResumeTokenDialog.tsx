import { Button, Stack, Text } from '@mantine/core'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import type { TokenRow } from '../feed-tokens.select'

interface ResumeTokenDialogProps {
  resume: { row: TokenRow; restoring: boolean; error: string | null } | null
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a token marked a possible leak is let in again: its networks are counted afresh from then. */
export function ResumeTokenDialog({ resume, onConfirm, onClose }: ResumeTokenDialogProps) {
  return (
    <FormDialog opened={resume !== null} onClose={onClose} title="Resume feed token">
      {resume && (
        <Stack>
          <ErrorAlert message={resume.error} />
          <Text className="typed-text">
            Resume <strong>{resume.row.name}</strong> ({resume.row.lastFour})? Builds that use it are let in again, and its networks are counted afresh from now. If its secret leaked, revoke it
            instead.
          </Text>
          <DialogActions onCancel={onClose} busy={resume.restoring} autoFocusCancel>
            <Button loading={resume.restoring} onClick={onConfirm}>
              Resume
            </Button>
          </DialogActions>
        </Stack>
      )}
    </FormDialog>
  )
}
