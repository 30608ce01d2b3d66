import { Badge, Group, Table } from '@mantine/core'
import type { Member } from '@/common/organisation-contract'
import { ListTable, NoWrapCell, RowButton } from '@/src/ui/ListTable'
import type { MemberRow } from '../members.select'

interface MemberTableProps {
  rows: MemberRow[]
  /** An owner's: Change role on every row, Remove on the others'. */
  manages: boolean
  enabled: boolean
  onChangeRole: (member: Member) => void
  onRemove: (member: Member) => void
}

/** The organisation's members, the oldest first: name, email and role. */
export function MemberTable({ rows, manages, enabled, onChangeRole, onRemove }: MemberTableProps) {
  return (
    <ListTable label="Members" minWidth={560} headers={['Name', 'Email', 'Role']} actions={manages}>
      {rows.map((row) => (
        <Table.Tr key={row.oid}>
          <Table.Td>
            <Group gap="xs">
              <span className="typed-text">{row.name}</span>
              {row.isMe && (
                <Badge variant="light" size="sm">
                  You
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>{row.email}</Table.Td>
          <Table.Td>{row.role}</Table.Td>
          {manages && (
            <NoWrapCell ta="right">
              <RowButton disabled={!enabled} aria-label={`Change role of ${row.name}`} onClick={() => onChangeRole(row.member)}>
                Change role
              </RowButton>
              {!row.isMe && (
                <RowButton color="red" disabled={!enabled} aria-label={`Remove ${row.name}`} onClick={() => onRemove(row.member)}>
                  Remove
                </RowButton>
              )}
            </NoWrapCell>
          )}
        </Table.Tr>
      ))}
    </ListTable>
  )
}
