import { Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { purchaseCompleteMachine } from '@/machines/purchase-complete.machine'
import { useAppActorRef } from '@/src/ui/app-actors'
import { InlineProgress } from '@/src/ui/InlineProgress'
import { useAccountServices } from '@/src/ui/account-services'
import { logCheckoutStatusFailure, purchaseCompleteActors } from '../purchase-complete.actors'
import { selectPurchaseComplete } from '../purchase-complete.select'

interface PurchaseCompletePageProps {
  /** The checkout's return said success=true. */
  success: boolean
  sessionId: string | null
  priceId?: string
}

/**
 * The checkout's return. The licenses are created when Stripe's webhook reaches the server, a
 * moment later: the page asks where the checkout stands and waits for it.
 */
export function PurchaseCompletePage({ success, sessionId, priceId }: PurchaseCompletePageProps) {
  const { api } = useAccountServices()
  const purchaseComplete = useAppActorRef(purchaseCompleteMachine.provide({ actors: purchaseCompleteActors(api), actions: { logFailure: (_, { message }) => logCheckoutStatusFailure(message) } }), {
    input: { success, sessionId },
  })
  const { outcome } = useSelector(purchaseComplete, selectPurchaseComplete)

  if (outcome === 'incomplete') return <PurchaseIncomplete priceId={priceId} />
  if (outcome === 'checking') {
    return (
      <Stack maw={640}>
        <Title order={1}>Your purchase</Title>
        <InlineProgress>Checking your purchase…</InlineProgress>
      </Stack>
    )
  }
  return (
    <Stack maw={640}>
      <Title order={1}>Purchase Complete</Title>
      {/* One live region, so that the change from setting up to ready is announced. */}
      <Box role="status" aria-live="polite">
        {outcome === 'settingUp' && (
          <Stack gap="xs">
            <Text>Thank you! Your payment went through.</Text>
            <Group gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text>Setting up your licenses…</Text>
            </Group>
          </Stack>
        )}
        {outcome === 'ready' && <Text>Thank you! Your licenses are ready: find their keys under My Licenses, and assign seats to your developers under Manage Licenses.</Text>}
        {outcome === 'delayed' && <Text>Thank you! Your payment went through. Your licenses are being processed and will appear in My Licenses shortly.</Text>}
      </Box>
      {outcome !== 'settingUp' && (
        <Group>
          <Button component={Link} to="/account">
            Go to My Licenses
          </Button>
        </Group>
      )}
    </Stack>
  )
}

function PurchaseIncomplete({ priceId }: { priceId?: string }) {
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
