import { Table, Text } from '@mantine/core'
import type { FeedToken } from '@/common/contract'
import { ListTable, NoWrapCell, RowButton } from '@/src/ui/ListTable'
import type { TokenRow } from '../feed-tokens.select'

interface FeedTokenTableProps {
  rows: TokenRow[]
  canRevoke: boolean
  onRevoke: (token: FeedToken) => void
}

/** The owner's feed tokens, newest first: each by its name and last four characters, never its secret; one of an ended subscription with what it still covers. */
export function FeedTokenTable({ rows, canRevoke, onRevoke }: FeedTokenTableProps) {
  return (
    <ListTable label="Feed tokens" minWidth={640} headers={['Name', 'Token', 'Created', 'Expires', 'Last used']} actions>
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td className="typed-text">
            {row.name}
            {row.coverage && (
              <Text size="xs" c="dimmed" className="typed-text">
                {row.coverage}
              </Text>
            )}
          </Table.Td>
          <Table.Td ff="monospace">{row.lastFour}</Table.Td>
          <NoWrapCell>{row.created}</NoWrapCell>
          <NoWrapCell>{row.expires}</NoWrapCell>
          <NoWrapCell>{row.lastUsed}</NoWrapCell>
          <Table.Td ta="right">
            <RowButton color="red" disabled={!canRevoke} aria-label={`Revoke ${row.name}`} onClick={() => onRevoke(row.token)}>
              Revoke
            </RowButton>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  )
}
