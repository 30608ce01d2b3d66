import { Alert } from '@mantine/core'

/** What the last change did, above the list it changed, with Dismiss; a status, so a screen reader says it. */
export function Notice({ notice, onDismiss }: { notice: string | null; onDismiss: () => void }) {
  if (!notice) return null
  return (
    <Alert color="teal" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {notice}
    </Alert>
  )
}
