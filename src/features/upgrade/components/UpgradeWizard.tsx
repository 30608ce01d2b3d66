import { Button, Group, Loader, NumberInput, Radio, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { upgradeMachine } from '@/machines/upgrade.machine'
import type { PriceId } from '@/common/plans'
import { formatUsd } from '@/common/format'
import { selectUpgrade } from '../upgrade.select'
import { ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import { InlineProgress } from '@/src/ui/InlineProgress'
import '../upgrade.css'

const PaymentStep = lazy(() => import('./PaymentStep'))

type UpgradeRef = ActorRefFrom<typeof upgradeMachine>

interface UpgradeWizardProps {
  /** The running wizard; none while the dialog is closed. */
  upgrade: UpgradeRef | undefined
}

const stepTitles = { select: 'Choose your plan', payment: 'Payment method', confirm: 'Confirm your upgrade', success: 'Upgrade complete', failure: 'Upgrade failed' } as const

/**
 * The upgrade wizard (spec section 4) as a dialog; closing it tells the wizard, which ends (its
 * parent, Manage Licenses, then closes the dialog) at any step but while a card is saved or the
 * upgrade is made. The dialog stays mounted while closed, so that closing gives the focus back to
 * its opener.
 */
export function UpgradeWizard({ upgrade }: UpgradeWizardProps) {
  const running = useSelector(upgrade, (snapshot) => snapshot?.status === 'active')
  const close = () => upgrade?.send({ type: 'wizard.close' })
  return (
    <FormDialog opened={running} onClose={close} title="Upgrade Subscription" size="lg">
      {upgrade && <WizardSteps upgrade={upgrade} onClose={close} />}
    </FormDialog>
  )
}

function WizardSteps({ upgrade, onClose }: { upgrade: UpgradeRef; onClose: () => void }) {
  const view = useSelector(upgrade, selectUpgrade)
  return (
    <Stack>
      <Text size="sm" c="dimmed" aria-live="polite">
        {stepTitles[view.step]}
      </Text>
      {view.step === 'select' && (
        <>
          <ErrorAlert message={view.error} />
          <Radio.Group label="Plan" value={view.priceId} onChange={(priceId) => upgrade.send({ type: 'plan.select', priceId: priceId as PriceId })}>
            <Stack gap="xs" mt="xs">
              {view.targets.map((target) => (
                <Radio key={target.priceId} value={target.priceId} label={`${target.name} — ${formatUsd(target.price)} per license`} />
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            label="Licenses"
            description={`From ${view.seatLimits.min} to ${view.seatLimits.max}`}
            min={view.seatLimits.min}
            max={view.seatLimits.max}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={view.seats}
            onChange={(value) =>
              upgrade.send({
                type: 'seats.change',
                seats: typeof value === 'number' ? value : Number(value),
              })
            }
          />
          <Text>
            {view.pricePerSeat} per license, billed annually. Total: <strong>{view.total}</strong> per year
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!view.canContinue && !view.checking} loading={view.checking} onClick={() => upgrade.send({ type: 'wizard.continue' })}>
              Continue
            </Button>
          </Group>
        </>
      )}
      {view.step === 'payment' &&
        (view.preparingPayment || !view.clientSecret ? (
          <Stack align="center" py="lg">
            <Loader aria-label="Loading the payment form" />
            <Button variant="default" disabled={!view.canBack} onClick={() => upgrade.send({ type: 'wizard.back' })}>
              Back
            </Button>
          </Stack>
        ) : (
          <Suspense fallback={<Loader aria-label="Loading the payment form" />}>
            <PaymentStep
              clientSecret={view.clientSecret}
              submitting={view.submittingPayment}
              canSubmit={view.canSubmitPayment}
              canBack={view.canBack}
              onSubmit={(form) => upgrade.send({ type: 'payment.submit', form })}
              onBack={() => upgrade.send({ type: 'wizard.back' })}
            />
          </Suspense>
        ))}
      {view.step === 'confirm' && (
        <>
          <Table variant="vertical" withTableBorder aria-label="Your upgrade">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Plan</Table.Th>
                <Table.Td>{view.planName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Licenses</Table.Th>
                <Table.Td>{view.seats}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Td>{view.total} per year</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Card</Table.Th>
                <Table.Td>{view.card ?? 'Your default payment method'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {view.loadingPreview || !view.preview ? (
            <InlineProgress>Loading the amount due today…</InlineProgress>
          ) : (
            <Stack gap={4}>
              <Text fw={700}>{`Due today: ${view.preview.dueToday}`}</Text>
              <Text size="sm">{`Then ${view.preview.annualTotal} per year from ${view.preview.renewsOn}`}</Text>
            </Stack>
          )}
          <Group justify="space-between">
            <Button variant="default" disabled={!view.canBack} onClick={() => upgrade.send({ type: 'wizard.back' })}>
              Back
            </Button>
            <Button loading={view.upgrading} disabled={!view.canConfirm && !view.upgrading} onClick={() => upgrade.send({ type: 'upgrade.confirm' })}>
              Confirm
            </Button>
          </Group>
        </>
      )}
      {view.step === 'success' && (
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal.9" aria-hidden="true">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={2} fz="xl">
            Upgrade Successful!
          </Title>
          <Text>
            Your subscription is now {view.planName} with {view.seats} {view.seats === 1 ? 'license' : 'licenses'}.
          </Text>
          <Button onClick={() => upgrade.send({ type: 'page.refresh' })}>Refresh Page</Button>
        </Stack>
      )}
      {view.step === 'failure' && (
        <>
          <ErrorAlert title="The upgrade did not go through" message={view.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => upgrade.send({ type: 'page.refresh' })}>
              Refresh Page
            </Button>
            <Button onClick={() => upgrade.send({ type: 'upgrade.retry' })}>Try Again</Button>
          </Group>
        </>
      )}
    </Stack>
  )
}
