import { Center, Loader, Stack, Text } from '@mantine/core'

/** The spec's wait while the account loads. */
export function LoadingScreen() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text>Loading, please wait...</Text>
      </Stack>
    </Center>
  )
}
