import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconBrandDiscord, IconKey } from '@tabler/icons-react'
import { shallowEqual, useSelector } from '@xstate/react'
import { useAppActorRef } from '@/src/ui/app-actors'
import { discordConnectMachine } from '@/machines/discord-connect.machine'
import { keyRotationMachine } from '@/machines/key-rotation.machine'
import { licenseKeyMachine } from '@/machines/license-key.machine'
import { myLicensesMachine } from '@/machines/my-licenses.machine'
import { trialMachine } from '@/machines/trial.machine'
import { may } from '@/common/roles'
import { useAccountServices } from '@/src/ui/account-services'
import { keyRotationActors } from '@/src/ui/key-rotation/key-rotation.actors'
import { selectKeyRotation } from '@/src/ui/key-rotation/key-rotation.select'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { selectDiscordConnect } from '../discord-connect.select'
import { selectLicenseKey } from '../license-key.select'
import { discordActors, firstPageActors, licensesActors } from '../my-licenses.actors'
import { selectBillingOpening, selectMyLicenses } from '../my-licenses.select'
import { trialActors } from '../trial.actors'
import { selectTrial } from '../trial.select'
import { DiscordDialog } from './DiscordDialog'
import { LicenseCard } from './LicenseCard'
import { LicenseKeyDialog } from './LicenseKeyDialog'
import '../my-licenses.css'
import { attentionColor } from '@/src/ui/theme'

/**
 * My Licenses (the account area's index): a card per license, with its key and Discord; a trial
 * started or extended here shows its notice, and the cards are loaded again, with the trial's.
 */
export function MyLicensesPage() {
  const { api, session } = useAccountServices()
  const trial = useAppActorRef(trialMachine.provide({ actors: trialActors(api) }), { input: { session } })
  const trialView = useSelector(trial, selectTrial, shallowEqual)
  // Owners and billing managers may start a trial (decision 0047); the role is known once the organisation came.
  const mayBill = useSelector(session, (snapshot) => may(snapshot.context.organisation?.role ?? 'owner', 'billing'))
  return (
    <LicenseCards
      key={trialView.cardsRound}
      trial={trialView}
      mayStartTrial={mayBill}
      onStartTrial={() => trial.send({ type: 'trial.start' })}
      onExtendTrial={() => trial.send({ type: 'trial.extend' })}
    />
  )
}

interface TrialControls {
  trial: ReturnType<typeof selectTrial>
  mayStartTrial: boolean
  onStartTrial: () => void
  onExtendTrial: () => void
}

function LicenseCards({ trial, mayStartTrial, onStartTrial, onExtendTrial }: TrialControls) {
  const { api, session, billing } = useAccountServices()
  const email = useSelector(session, (snapshot) => snapshot.context.account?.email ?? '')
  // Opened with the area, the page takes the first page the session asked for, and tells the session (decision 0036).
  const licenses = useAppActorRef(myLicensesMachine.provide({ actors: { ...licensesActors(api), ...firstPageActors(session) } }), {
    input: { fromSession: session.getSnapshot().context.firstLicenses !== null, session },
  })
  const keyDialog = useAppActorRef(licenseKeyMachine.provide({ actions: { copyKey: (_, { licenseKey }) => void navigator.clipboard?.writeText(licenseKey) } }))
  // A new key reaches the open dialog and the card it came from; a joined Discord, the cards.
  const rotation = useAppActorRef(keyRotationMachine.provide({ actors: keyRotationActors(api) }), { input: { licenses, keyDialog } })
  const discord = useAppActorRef(
    discordConnectMachine.provide({
      actors: discordActors(api),
      actions: { openInvite: (_, { inviteLink }) => void (inviteLink && window.open(inviteLink, '_blank', 'noopener,noreferrer')) },
    }),
    { input: { licenses } },
  )
  const view = useSelector(licenses, selectMyLicenses)
  const rotationView = useSelector(rotation, selectKeyRotation)
  const billingOpening = useSelector(billing, selectBillingOpening)
  const keyState = useSelector(keyDialog, selectLicenseKey, shallowEqual)
  const discordState = useSelector(discord, selectDiscordConnect, shallowEqual)

  return (
    <Stack>
      <Title order={1}>My Licenses</Title>
      {trial.notice && (
        <Alert color="teal" role="status" withCloseButton={false}>
          {trial.notice}
        </Alert>
      )}
      {trial.error && (
        <Alert color="red" role="alert">
          {trial.error}
        </Alert>
      )}
      {keyState.copied && (
        <Alert color="teal" role="status" withCloseButton={false}>
          License key copied to the clipboard.
        </Alert>
      )}
      {view.loading && (
        <div className="license-grid" role="status" aria-busy="true" aria-label="Loading your licenses">
          {[0, 1].map((index) => (
            <Skeleton key={index} height={170} radius="md" />
          ))}
        </div>
      )}
      {view.error && <LoadFailed title="Your licenses could not be loaded" message={view.error} onRetry={() => licenses.send({ type: 'licenses.reload' })} />}
      {view.empty && (
        <Card withBorder padding="xl" ta="center">
          <Title order={2} fz="lg">
            No Licenses Assigned
          </Title>
          <Text c="dimmed" mt="xs" mb="md">
            Get started by purchasing a license.
          </Text>
          <Group justify="center">
            <Button component="a" href="/#pricing">
              Purchase License
            </Button>
            {mayStartTrial && (
              <Button variant="default" loading={trial.starting} onClick={onStartTrial}>
                Start 30-day free trial
              </Button>
            )}
          </Group>
        </Card>
      )}
      {view.cards.length > 0 && (
        <div className="license-grid">
          {view.cards.map((card) => (
            <LicenseCard
              key={card.id}
              {...card}
              actions={
                <>
                  {card.showDiscord &&
                    (card.discordConnected ? (
                      <Badge color="green.9" size="lg" leftSection={<IconBrandDiscord size={14} aria-hidden="true" />}>
                        Discord Connected
                      </Badge>
                    ) : (
                      <Button variant="light" leftSection={<IconBrandDiscord size={16} aria-hidden="true" />} onClick={() => discord.send({ type: 'dialog.open' })}>
                        Connect Discord
                      </Button>
                    ))}
                  {card.showKey && (
                    <Button variant="default" leftSection={<IconKey size={16} aria-hidden="true" />} onClick={() => keyDialog.send({ type: 'dialog.open', license: card.license })}>
                      License Key
                    </Button>
                  )}
                  {card.extendTrial && (
                    <Button variant="default" loading={trial.extending} onClick={onExtendTrial}>
                      Extend trial by 14 days
                    </Button>
                  )}
                  {card.updatePayment && (
                    <Button color={attentionColor} autoContrast loading={billingOpening} onClick={() => billing.send({ type: 'portal.open', returnUrl: window.location.href })}>
                      Update payment in Billing
                    </Button>
                  )}
                  {card.buyAgainHref && (
                    <Anchor href={card.buyAgainHref} fw={600} aria-label={`Buy ${card.title} again`}>
                      Buy again
                    </Anchor>
                  )}
                </>
              }
            />
          ))}
        </div>
      )}
      <LicenseKeyDialog
        license={keyState.license}
        username={email}
        rotation={rotationView}
        onClose={() => {
          // While a new key is being made the dialog stays: the answer is the only copy of it.
          if (!rotationView.canClose) return
          rotation.send({ type: 'rotation.close' })
          keyDialog.send({ type: 'dialog.close' })
        }}
        onCopyAndClose={() => {
          rotation.send({ type: 'rotation.close' })
          keyDialog.send({ type: 'key.copyAndClose' })
        }}
        onRegenerate={() => keyState.license && rotation.send({ type: 'rotation.request', seat: { licenseId: keyState.license.id, holderName: '', holderEmail: email } })}
        onConfirmRegenerate={() => rotation.send({ type: 'rotation.confirm' })}
        onRetryRegenerate={() => rotation.send({ type: 'rotation.retry' })}
        onCancelRegenerate={() => rotation.send({ type: 'rotation.close' })}
      />
      <DiscordDialog
        {...discordState}
        onNameChange={(value) => discord.send({ type: 'name.change', value })}
        onJoin={() => discord.send({ type: 'discord.join' })}
        onClose={() => discord.send({ type: 'dialog.close' })}
      />
    </Stack>
  )
}
