import { Button, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { DialogActions, ErrorAlert, FormDialog } from './FormDialog'

interface ConfirmDialogProps {
  opened: boolean
  title: string
  /** What is about to happen, asked as a question. */
  question: ReactNode
  /** The button that does it (red: it cannot be taken back). */
  confirmLabel: string
  /** What it does can be undone (a token let in again can be revoked): its button is not red. */
  undoable?: boolean
  /** Its request is out: neither button can be pressed. */
  busy: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}

/** Asks before something that cannot be taken back (or, `undoable`, before a change worth a second thought); focus starts on Cancel, the safe choice. A refusal's message shows over the question. */
export function ConfirmDialog({ opened, title, question, confirmLabel, undoable = false, busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={title}>
      {opened && (
        <Stack>
          <ErrorAlert message={error} />
          <Text size="sm" className="typed-text">
            {question}
          </Text>
          <DialogActions onCancel={onClose} busy={busy} autoFocusCancel>
            <Button color={undoable ? undefined : 'red'} loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </FormDialog>
  )
}
