import { Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core'

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

/** The wait as a page of its own, before the account area's layout exists: its landmark and heading stay. */
export function LoadingPage() {
  return (
    <main>
      <VisuallyHidden component="h1">Your account</VisuallyHidden>
      <LoadingScreen />
    </main>
  )
}
