import { ActionIcon, Anchor, Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconMinus, IconPlus } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { useAppActorRef } from '@/src/ui/app-actors'
import { Link, useNavigate } from '@tanstack/react-router'
import { purchaseMachine } from '@/machines/purchase.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { LoadingScreen } from '@/src/ui/LoadingScreen'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { purchaseActors } from '../purchase.actors'
import { selectPurchase } from '../purchase.select'
import { leaveSiteFor } from '@/src/ui/leave-site'
import { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { invoiceOrderActors } from '../invoice-order.actors'
import { selectInvoiceOrder } from '../invoice-order.select'
import { InvoiceOrderDialog, invoiceOrderTitle } from './InvoiceOrderDialog'

/** The purchase page: one plan, how many developers, the total, then the hosted checkout. */
export function PurchasePage({ priceId }: { priceId: string | null }) {
  const { api, session } = useAccountServices()
  const navigate = useNavigate()
  const allowedPriceId = useSelector(session, (snapshot) => snapshot.context.account?.allowedPriceId ?? null)
  const purchase = useAppActorRef(
    purchaseMachine.provide({
      actors: purchaseActors(api, window.location.origin),
      actions: { goToCheckout: (_, { url }) => leaveSiteFor(url), goHome: () => void navigate({ to: '/' }) },
    }),
    { input: { priceId, allowedPriceId } },
  )
  const view = useSelector(purchase, selectPurchase)
  const invoiceOrder = useAppActorRef(invoiceOrderMachine.provide({ actors: invoiceOrderActors(api) }), { input: { session } })
  const invoiceView = useSelector(invoiceOrder, selectInvoiceOrder)

  if (view.notAvailable) {
    return (
      <Stack maw={640}>
        <Title order={1}>License not available</Title>
        <Text>Sorry, the license you are looking for is not available for your account. Accounts are limited to one license type.</Text>
        <Anchor href="/#pricing">Choose another license type</Anchor>
      </Stack>
    )
  }
  if (view.limitReached && view.product) {
    return (
      <Stack maw={640}>
        <Title order={1}>Purchase {view.product.name}</Title>
        <Text>Your account already holds the most {view.product.name} licenses there can be. Assign them to your developers under Manage Licenses.</Text>
        <Anchor component={Link} to="/account/licenses">
          Manage Licenses
        </Anchor>
      </Stack>
    )
  }
  if (view.loading || !view.product) {
    return (
      <Stack maw={640}>
        <Title order={1}>Purchase</Title>
        <LoadingScreen />
      </Stack>
    )
  }
  const { product } = view
  return (
    <Stack maw={640}>
      <Title order={1}>Purchase {product.name}</Title>
      <Card withBorder padding="xl" component="section" aria-labelledby="product-title">
        <Group justify="space-between">
          <Title id="product-title" order={2} fz="xl">
            {product.name}
          </Title>
          {product.bestValue && <Badge>Best value</Badge>}
        </Group>
        <Text mt="xs">{product.description}</Text>
        <List
          mt="md"
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {product.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Text mt="md" fw={700}>
          {view.pricePerSeat} per developer, billed annually
        </Text>
      </Card>
      <Group gap="sm" role="group" aria-labelledby="seats-label">
        <Text id="seats-label" fw={600}>
          Developers
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Fewer developers" disabled={!view.canDecrease} onClick={() => purchase.send({ type: 'seats.decrease' })}>
          <IconMinus size={16} aria-hidden="true" />
        </ActionIcon>
        {/* An output (a status) takes the name a paragraph's aria-label would not give it. */}
        <Text component="output" display="block" fw={700} fz="xl" miw={32} ta="center" aria-live="polite" aria-label={`${view.seats} developers`}>
          {view.seats}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="More developers" disabled={!view.canIncrease} onClick={() => purchase.send({ type: 'seats.increase' })}>
          <IconPlus size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {view.seatLimitNote && <Text size="sm">{view.seatLimitNote}</Text>}
      <Text fz="lg">
        Total: <strong>{view.total}</strong> per year
      </Text>
      <ErrorAlert message={view.error} />
      <Group>
        <Button size="md" loading={view.redirecting} onClick={() => purchase.send({ type: 'checkout.start' })}>
          {product.actionText}
        </Button>
        {/* A paid plan may also be bought by bank transfer against an invoice (issue 49). */}
        {product.price > 0 && (
          <Button size="md" variant="default" disabled={view.redirecting} onClick={() => invoiceOrder.send({ type: 'dialog.open', priceId: product.priceId, quantity: view.seats })}>
            {invoiceOrderTitle}
          </Button>
        )}
      </Group>
      <InvoiceOrderDialog view={invoiceView} onSubmit={(draft) => invoiceOrder.send({ type: 'order.submit', draft })} onClose={() => invoiceOrder.send({ type: 'dialog.close' })} />
    </Stack>
  )
}
