import { useState } from 'react'
import { Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core'
import { accountAreaTitle } from '../content/pages'

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
  // A page opened at the account area has no title until its route has loaded (the route's head
  // comes with it): the wait names the page meanwhile. Opened from another page, that page's title stays.
  const [untitled] = useState(() => document.title === '')
  return (
    <main>
      {untitled && <title>{accountAreaTitle}</title>}
      <VisuallyHidden component="h1">Your account</VisuallyHidden>
      <LoadingScreen />
    </main>
  )
}
