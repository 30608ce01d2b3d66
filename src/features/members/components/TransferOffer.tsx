import { Alert, Button, Group, Text } from '@mantine/core'
import type { selectMembers } from '../members.select'

interface TransferOfferProps {
  transfer: NonNullable<ReturnType<typeof selectMembers>['transfer']>
  enabled: boolean
  onAccept: () => void
  onDecline: () => void
  onWithdraw: () => void
}

/** The offer of ownership waiting: its member accepts or declines it; an owner may withdraw it. */
export function TransferOffer({ transfer, enabled, onAccept, onDecline, onWithdraw }: TransferOfferProps) {
  return (
    <Alert color="blue" title="Offer of ownership" role="region" aria-label="Offer of ownership">
      {transfer.toMe ? (
        <Text size="sm">
          {transfer.from} offers you the ownership of the organisation ({transfer.at}). Once you accept, you are an owner, and {transfer.from} {transfer.becomes}.
        </Text>
      ) : (
        <Text size="sm">
          Ownership was offered to {transfer.to} on {transfer.at}. It takes effect once they accept; {transfer.from} then {transfer.becomes}.
        </Text>
      )}
      {(transfer.toMe || transfer.canWithdraw) && (
        <Group mt="sm" gap="xs">
          {transfer.toMe && (
            <>
              <Button size="xs" loading={transfer.accepting} disabled={!enabled} onClick={onAccept}>
                Accept ownership
              </Button>
              <Button size="xs" variant="default" loading={transfer.declining} disabled={!enabled} onClick={onDecline}>
                Decline offer
              </Button>
            </>
          )}
          {transfer.canWithdraw && !transfer.toMe && (
            <Button size="xs" variant="default" loading={transfer.withdrawing} disabled={!enabled} onClick={onWithdraw}>
              Withdraw offer
            </Button>
          )}
        </Group>
      )}
    </Alert>
  )
}
