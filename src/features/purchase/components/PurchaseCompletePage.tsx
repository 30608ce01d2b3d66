import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

/** The checkout's return: success shows 'Purchase Complete', anything else 'Purchase Incomplete'. */
export function PurchaseCompletePage({ success, priceId }: { success: boolean; priceId?: string }) {
  if (success) {
    return (
      <Stack maw={640}>
        <Title order={1}>Purchase Complete</Title>
        <Text>Thank you! Your licenses are ready: find their keys under My Licenses, and assign seats to your developers under Manage Licenses.</Text>
        <Group>
          <Button component={Link} to="/account">
            Go to My Licenses
          </Button>
        </Group>
      </Stack>
    )
  }
  return (
    <Stack maw={640}>
      <Title order={1}>Purchase Incomplete</Title>
      <Text>The payment was not completed, and nothing was charged.</Text>
      <Group>
        {priceId ? (
          <Button renderRoot={(props) => <Link {...props} to="/account/purchase" search={{ pid: priceId }} />}>Back to the purchase</Button>
        ) : (
          <Button component="a" href="/#pricing">
            Choose a license
          </Button>
        )}
      </Group>
    </Stack>
  )
}
