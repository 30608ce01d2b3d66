import { Button, Group, Text } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { FormDialog } from '@/src/ui/FormDialog'

/** Leaving the page with unsaved changes asks first (also when closing the tab). */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true })
  return (
    <FormDialog opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <Text size="sm">Your changes to the profile are not saved yet.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </FormDialog>
  )
}
