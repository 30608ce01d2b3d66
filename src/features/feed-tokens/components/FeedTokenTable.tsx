import { Badge, Group, Table, Text } from '@mantine/core'
import type { FeedToken } from '@/common/contract'
import { ListTable, NoWrapCell, RowButton } from '@/src/ui/ListTable'
import type { TokenRow } from '../feed-tokens.select'
import { attentionColor } from '@/src/ui/theme'

interface FeedTokenTableProps {
  rows: TokenRow[]
  canRevoke: boolean
  onRevoke: (token: FeedToken) => void
  onResume: (token: FeedToken) => void
}

/**
 * The owner's feed tokens, newest first: each by its name, scope and last four characters, never its
 * secret; who made it, marked when they no longer manage feed tokens; one of an ended subscription marked 'Expired', with what it still covers; its networks of the last 30 days
 * and its downloads per package and version; 'Resume' on one marked a possible leak.
 */
export function FeedTokenTable({ rows, canRevoke, onRevoke, onResume }: FeedTokenTableProps) {
  return (
    <ListTable label="Feed tokens" minWidth={720} headers={['Name', 'Created by', 'Token', 'Created', 'Expires', 'Last used']} actions>
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td className="typed-text">
            {row.name}
            {row.ended && (
              <Badge color="gray.7" autoContrast ml="xs">
                {row.ended}
              </Badge>
            )}
            {row.leak && (
              <Badge color="red" variant="light" ml="xs">
                {row.leak}
              </Badge>
            )}
            <Text size="xs" c="dimmed" className="typed-text">
              {row.scope}
            </Text>
            {row.coverage && (
              <Text size="xs" c="dimmed" className="typed-text">
                {row.coverage}
              </Text>
            )}
            <Lines label="Networks, last 30 days" lines={row.networks} />
            <Lines label="Downloads" lines={row.downloads} />
          </Table.Td>
          <Table.Td className="typed-text">
            {row.createdBy}
            <Text size="xs" c="dimmed" className="typed-text">
              {row.createdByEmail}
            </Text>
            {row.creatorGone && (
              <Badge color={attentionColor} autoContrast>
                {row.creatorGone}
              </Badge>
            )}
          </Table.Td>
          <Table.Td ff="monospace">{row.lastFour}</Table.Td>
          <NoWrapCell>{row.created}</NoWrapCell>
          <NoWrapCell>{row.expires}</NoWrapCell>
          <NoWrapCell>{row.lastUsed}</NoWrapCell>
          <Table.Td ta="right">
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {row.leak && (
                <RowButton disabled={!canRevoke} aria-label={`Resume ${row.name}`} onClick={() => onResume(row.token)}>
                  Resume
                </RowButton>
              )}
              <RowButton color="red" disabled={!canRevoke} aria-label={`Revoke ${row.name}`} onClick={() => onRevoke(row.token)}>
                Revoke
              </RowButton>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  )
}

/** A short list under the token's name: its heading, then one line each. */
function Lines({ label, lines }: { label: string; lines: string[] }) {
  return (
    <Text size="xs" c="dimmed" component="div">
      {label}:
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Text>
  )
}
