import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { ConfirmDialog } from '@/src/ui/ConfirmDialog'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { feedTokensActors } from '../feed-tokens.actors'
import { selectFeedTokens } from '../feed-tokens.select'
import { CreateTokenDialog } from './CreateTokenDialog'
import { FeedTokenTable } from './FeedTokenTable'
import { TokenCreatedDialog } from './TokenCreatedDialog'
import { TokenCreators } from './TokenCreators'
import '../feed-tokens.css'

/** Feed tokens (our addition): CI credentials for the private package feed, made and revoked by a Commercial Plus owner. */
export function FeedTokensPage() {
  const { api } = useAccountServices()
  const tokens = useAppActorRef(feedTokensMachine.provide({ actors: feedTokensActors(api) }))
  const view = useSelector(tokens, selectFeedTokens)
  const close = () => tokens.send({ type: 'dialog.close' })

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>Feed tokens</Title>
        {view.listed && (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} disabled={!view.canCreate} onClick={() => tokens.send({ type: 'create.open' })}>
            Create feed token
          </Button>
        )}
      </Group>
      <Text>
        A feed token lets a build server restore packages from the private package feed without a person&apos;s license key. It works while your Commercial Plus subscription is live, whoever holds its
        seats.
      </Text>

      {view.loading && (
        <Stack role="status" aria-busy="true" aria-label="Loading your feed tokens">
          <Skeleton height={160} radius="md" />
        </Stack>
      )}
      {view.loadError && <LoadFailed title="Your feed tokens could not be loaded" message={view.loadError} onRetry={() => tokens.send({ type: 'tokens.reload' })} />}
      {view.listed &&
        (view.rows.length === 0 ? (
          <Text c="dimmed">No feed tokens yet.</Text>
        ) : (
          <>
            <FeedTokenTable
              rows={view.rows}
              canRevoke={view.canRevoke}
              onRevoke={(token) => tokens.send({ type: 'revoke.request', token })}
              onResume={(token) => tokens.send({ type: 'resume.request', token })}
            />
            <TokenCreators creators={view.creators} canRevoke={view.canRevoke} onRevokeAll={(creator) => tokens.send({ type: 'revokeBy.request', creator })} />
          </>
        ))}

      <CreateTokenDialog {...view.create} onCreate={(draft) => tokens.send({ type: 'create.submit', draft })} onClose={close} />
      <TokenCreatedDialog created={view.created} onClose={close} />
      <ConfirmDialog
        opened={view.revoke !== null}
        title="Revoke feed token"
        question={
          <>
            Revoke <strong>{view.revoke?.row.name}</strong> ({view.revoke?.row.lastFour})? Builds that use it can no longer restore packages, at once.
          </>
        }
        confirmLabel="Revoke"
        busy={view.revoke?.removing ?? false}
        error={view.revoke?.error ?? null}
        onConfirm={() => tokens.send({ type: 'revoke.confirm' })}
        onClose={close}
      />
      <ConfirmDialog
        opened={view.revokeBy !== null}
        title="Revoke a person's feed tokens"
        question={
          <>
            Revoke {view.revokeBy?.tokens} made by <strong>{view.revokeBy?.name}</strong> ({view.revokeBy?.email})? Builds that use them can no longer restore packages, at once.
          </>
        }
        confirmLabel="Revoke all"
        busy={view.revokeBy?.removing ?? false}
        error={view.revokeBy?.error ?? null}
        onConfirm={() => tokens.send({ type: 'revokeBy.confirm' })}
        onClose={close}
      />
      {/* Asked before a token marked a possible leak is let in again: its networks are counted afresh from then. */}
      <ConfirmDialog
        opened={view.resume !== null}
        title="Resume feed token"
        question={
          <>
            Resume <strong>{view.resume?.row.name}</strong> ({view.resume?.row.lastFour})? Builds that use it are let in again, and its networks are counted afresh from now. If its secret leaked,
            revoke it instead.
          </>
        }
        confirmLabel="Resume"
        undoable
        busy={view.resume?.restoring ?? false}
        error={view.resume?.error ?? null}
        onConfirm={() => tokens.send({ type: 'resume.confirm' })}
        onClose={close}
      />
    </Stack>
  )
}
