import { Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core'
import { useSelector } from '@xstate/react'
import { renewalMachine } from '@/machines/renewal.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { InlineProgress } from '@/src/ui/InlineProgress'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { renewalActors } from '../renewal.actors'
import { selectRenewal } from '../renewal.select'
import { RenewalSeatsDialog } from './RenewalSeatsDialog'

/** Renewal (issue 31): when each subscription renews, with how many licenses and for how much; fewer seats for the next period; auto-renew. */
export function RenewalPanel() {
  const { api } = useAccountServices()
  const renewal = useAppActorRef(renewalMachine.provide({ actors: renewalActors(api) }))
  const view = useSelector(renewal, selectRenewal)
  if (view.shown && view.cards.length === 0) return null

  return (
    <section aria-labelledby="renewal-heading">
      <Title order={2} id="renewal-heading" size="h3" mb="sm">
        Renewal
      </Title>
      {view.loading && <Skeleton height={96} radius="md" role="status" aria-busy="true" aria-label="Loading your renewals" />}
      {view.loadError && <LoadFailed title="Your renewals could not be loaded" message={view.loadError} onRetry={() => renewal.send({ type: 'renewals.reload' })} />}
      {view.shown && (
        <Stack>
          <ErrorAlert title="Auto-renew was not changed" message={view.error} />
          {view.cards.map((card) => (
            <Card key={card.id} withBorder component="article" aria-label={card.title}>
              <Stack gap="xs">
                <Text fw={600}>{card.title}</Text>
                <Text>{card.summary}</Text>
                {card.ending && <Text fw={600}>{card.ending}</Text>}
                {card.awaitingPayment && <Text fw={600}>{card.awaitingPayment}</Text>}
                {card.renewalInvoice && <Text fw={600}>{card.renewalInvoice}</Text>}
                <Group justify="space-between">
                  <Button variant="default" disabled={!card.autoRenew || !view.canChange || card.invoiced} onClick={() => renewal.send({ type: 'seats.open', subscriptionId: card.id })}>
                    Change seats for renewal
                  </Button>
                  <Group gap="sm">
                    {view.switching === card.id && <InlineProgress compact>Changing auto-renew…</InlineProgress>}
                    <Switch
                      label="Auto-renew"
                      checked={card.autoRenew}
                      disabled={!view.canChange || card.invoiced}
                      onChange={(event) => renewal.send({ type: 'autoRenew.set', subscriptionId: card.id, autoRenew: event.currentTarget.checked })}
                    />
                  </Group>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <RenewalSeatsDialog dialog={view.dialog} onSave={(seats) => renewal.send({ type: 'seats.submit', seats })} onClose={() => renewal.send({ type: 'dialog.close' })} />
    </section>
  )
}
