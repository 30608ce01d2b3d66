import { Badge, Button, Group, Table, VisuallyHidden } from '@mantine/core'
import type { Member } from '@/common/organisation-contract'
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
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            {manages && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Button size="xs" variant="subtle" disabled={!enabled} aria-label={`Change role of ${row.name}`} onClick={() => onChangeRole(row.member)}>
                    Change role
                  </Button>
                  {!row.isMe && (
                    <Button size="xs" variant="subtle" color="red" disabled={!enabled} aria-label={`Remove ${row.name}`} onClick={() => onRemove(row.member)}>
                      Remove
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
