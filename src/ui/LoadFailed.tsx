import { Button, Stack, Text } from '@mantine/core'
import { ErrorAlert } from './FormDialog'

/** A page's data could not load: what went wrong, and Try again. */
export function LoadFailed({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <ErrorAlert
      title={title}
      message={
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button size="xs" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      }
    />
  )
}
