import { Alert, Badge, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconBrandDiscord, IconKey } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { useAppActorRef } from '../../../devtools/inspection'
import { discordConnectMachine } from '../../../../machines/discordConnect.machine'
import { licenseKeyMachine } from '../../../../machines/licenseKey.machine'
import { myLicensesMachine } from '../../../../machines/myLicenses.machine'
import { useAccountServices } from '../../../ui/account-services'
import { LoadFailed } from '../../../ui/LoadFailed'
import { discordActors, licensesActors } from '../my-licenses.actors'
import { selectMyLicenses } from '../my-licenses.select'
import { DiscordDialog } from './DiscordDialog'
import { LicenseCard } from './LicenseCard'
import { LicenseKeyDialog } from './LicenseKeyDialog'
import '../my-licenses.css'

/** My Licenses (the account area's index): a card per license, with its key and Discord. */
export function MyLicensesPage() {
  const { api, session } = useAccountServices()
  const email = useSelector(session, (snapshot) => snapshot.context.account?.email ?? '')
  const licenses = useAppActorRef(myLicensesMachine.provide({ actors: licensesActors(api) }))
  const keyDialog = useAppActorRef(licenseKeyMachine.provide({ actions: { copyKey: (_, { licenseKey }) => void navigator.clipboard?.writeText(licenseKey) } }))
  const discord = useAppActorRef(
    discordConnectMachine.provide({
      actors: discordActors(api),
      actions: {
        openInvite: (_, { inviteLink }) => {
          if (inviteLink) window.open(inviteLink, '_blank', 'noopener,noreferrer')
          licenses.send({ type: 'license.discordConnected' })
        },
      },
    }),
  )
  const view = useSelector(licenses, selectMyLicenses)
  const keyState = useSelector(keyDialog, (snapshot) => ({ license: snapshot.matches('open') ? snapshot.context.license : null, copied: snapshot.context.copied }))
  const discordState = useSelector(discord, (snapshot) => ({
    opened: snapshot.matches('open'),
    discordName: snapshot.context.discordName,
    error: snapshot.context.error,
    joining: snapshot.matches({ open: 'joining' }),
    canJoin: snapshot.can({ type: 'discord.join' }),
  }))

  return (
    <Stack>
      <Title order={1}>My Licenses</Title>
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
      {view.error && (
        <LoadFailed title="Your licenses could not be loaded" message={view.error} onRetry={() => licenses.send({ type: 'licenses.reload' })} />
      )}
      {view.empty && (
        <Card withBorder padding="xl" ta="center">
          <Title order={2} fz="lg">
            No Licenses Assigned
          </Title>
          <Text c="dimmed" mt="xs" mb="md">
            Get started by purchasing a license.
          </Text>
          <Button component="a" href="/#pricing">
            Purchase License
          </Button>
        </Card>
      )}
      {view.cards.length > 0 && (
        <div className="license-grid">
          {view.cards.map((card) => (
            <LicenseCard
              key={card.id}
              title={card.title}
              owner={card.owner}
              expires={card.expires}
              expiresInWords={card.expiresInWords}
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
                  <Button variant="default" leftSection={<IconKey size={16} aria-hidden="true" />} onClick={() => keyDialog.send({ type: 'dialog.open', license: card.license })}>
                    License Key
                  </Button>
                </>
              }
            />
          ))}
        </div>
      )}
      <LicenseKeyDialog license={keyState.license} username={email} onClose={() => keyDialog.send({ type: 'dialog.close' })} onCopyAndClose={() => keyDialog.send({ type: 'key.copyAndClose' })} />
      <DiscordDialog
        {...discordState}
        onNameChange={(value) => discord.send({ type: 'name.change', value })}
        onJoin={() => discord.send({ type: 'discord.join' })}
        onClose={() => discord.send({ type: 'dialog.close' })}
      />
    </Stack>
  )
}

