import { Button, Table, VisuallyHidden } from '@mantine/core'
import type { FeedToken } from '@/common/contract'
import type { TokenRow } from '../feed-tokens.select'

interface FeedTokenTableProps {
  rows: TokenRow[]
  canRevoke: boolean
  onRevoke: (token: FeedToken) => void
}

/** The owner's feed tokens, newest first: each by its name and last four characters, never its secret. */
export function FeedTokenTable({ rows, canRevoke, onRevoke }: FeedTokenTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Feed tokens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td className="typed-text">{row.name}</Table.Td>
              <Table.Td ff="monospace">{row.lastFour}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.created}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.expires}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.lastUsed}</Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="subtle" color="red" disabled={!canRevoke} aria-label={`Revoke ${row.name}`} onClick={() => onRevoke(row.token)}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
