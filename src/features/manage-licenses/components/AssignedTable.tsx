import { Badge, Button, Checkbox, Group, Table, Text, TextInput, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconSearch, IconSelector } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import type { AssignedLicense } from '@/common/contract'
import { formatCoverage, formatLongDate } from '@/common/format'
import { ActionsHeader, NoWrapCell, RowButton } from '@/src/ui/ListTable'
import { fullName, tableRows, unusedDays, type SortColumn, type TableView } from '../license-table'
import { attentionColor } from '@/src/ui/theme'

interface AssignedTableProps {
  licenses: readonly AssignedLicense[]
  canUnassign: boolean
  onUnassign: (license: AssignedLicense) => void
  /** The owner may give any seat a new key. */
  canRegenerate: boolean
  onRegenerate: (license: AssignedLicense) => void
  /** Beside the search: what the owner can do with the whole table (Download CSV). */
  tools?: ReactNode
  /** A pending seat's mail again (issue 30): which seat's is being sent, if one is. */
  resend?: { enabled: boolean; sending: string | null; onResend: (license: AssignedLicense) => void }
  /** Each seat's license file (issue 47): which seat's is coming, if one is. */
  licenseFile?: { enabled: boolean; downloading: string | null; onDownload: (license: AssignedLicense) => void }
}

const columns: { column: SortColumn; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'email', label: 'Email' },
  { column: 'expiration', label: 'Expiration' },
  { column: 'lastUsed', label: 'Last used' },
]

/** Assigned licenses: searchable by name or email, filtered to seats not used lately, sortable by each column, in pages. */
export function AssignedTable({ licenses, canUnassign, onUnassign, canRegenerate, onRegenerate, tools, resend, licenseFile }: AssignedTableProps) {
  // How the table is looked at (search, filter, sort, page) is the view's own; the rows come from the machine.
  const [view, setView] = useState<TableView>({ query: '', sort: { column: 'name', direction: 'ascending' }, page: 1, unusedOnly: false })
  const shown = tableRows(licenses, view)
  const sortBy = (column: SortColumn) =>
    setView((current) => ({ ...current, page: 1, sort: { column, direction: current.sort.column === column && current.sort.direction === 'ascending' ? 'descending' : 'ascending' } }))

  return (
    <section aria-labelledby="assigned-title">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Text id="assigned-title" component="h2" fw={700} fz="lg">
          Assigned licenses
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Search licenses"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={view.query}
            onChange={(event) => {
              const query = event.currentTarget.value
              setView((current) => ({ ...current, query, page: 1 }))
            }}
          />
          {tools}
        </Group>
      </Group>
      <Checkbox
        mb="sm"
        label={`Not used for ${unusedDays} days`}
        description="Seats whose key the package feed has not let in since, or never"
        checked={view.unusedOnly}
        onChange={(event) => {
          const unusedOnly = event.currentTarget.checked
          setView((current) => ({ ...current, unusedOnly, page: 1 }))
        }}
      />
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover aria-labelledby="assigned-title">
          <Table.Thead>
            <Table.Tr>
              {columns.map(({ column, label }) => {
                const sorted = view.sort.column === column ? view.sort.direction : undefined
                const Icon = sorted === 'ascending' ? IconArrowUp : sorted === 'descending' ? IconArrowDown : IconSelector
                return (
                  <Table.Th key={column} aria-sort={sorted ?? 'none'} style={{ whiteSpace: 'nowrap' }}>
                    <UnstyledButton onClick={() => sortBy(column)} fw={700}>
                      <Group gap={4} wrap="nowrap">
                        {label}
                        <Icon size={14} aria-hidden="true" />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                )
              })}
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((license) => (
              <Table.Tr key={license.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {fullName(license)}
                    {/* Assigned, not yet bound: its holder has not signed in (issue 30). Whole beside a name that
                        wraps (a badge shrinks to 'PEN…' in a narrow column). */}
                    {license.pending && (
                      <Badge color={attentionColor} autoContrast size="sm" flex="none">
                        Pending
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{license.email}</Table.Td>
                <NoWrapCell>{license.ended ? <EndedSeat ended={license.ended} /> : formatLongDate(license.expirationDate)}</NoWrapCell>
                <NoWrapCell>{license.lastFeedAccessAt ? formatLongDate(license.lastFeedAccessAt) : 'Never'}</NoWrapCell>
                {/* The row's buttons wrap onto a second line before the name and email columns narrow to a few letters. */}
                <Table.Td>
                  <Group gap={0} justify="flex-end">
                    {resend && license.pending && (
                      <RowButton
                        loading={resend.sending === license.id}
                        disabled={!resend.enabled}
                        aria-label={`Resend the assignment email to ${fullName(license)}`}
                        onClick={() => resend.onResend(license)}
                      >
                        Resend
                      </RowButton>
                    )}
                    {licenseFile && (
                      <RowButton
                        loading={licenseFile.downloading === license.id}
                        disabled={!licenseFile.enabled}
                        aria-label={`Download the license file of ${fullName(license)}`}
                        onClick={() => licenseFile.onDownload(license)}
                      >
                        License file
                      </RowButton>
                    )}
                    <RowButton disabled={!canRegenerate} aria-label={`Regenerate key of ${fullName(license)}`} onClick={() => onRegenerate(license)}>
                      Regenerate key
                    </RowButton>
                    <RowButton color="red" disabled={!canUnassign} aria-label={`Unassign ${fullName(license)}`} onClick={() => onUnassign(license)}>
                      Unassign
                    </RowButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {shown.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="md">
                    {licenses.length === 0 ? 'No licenses are assigned yet.' : view.unusedOnly ? 'No assigned license matches the search and filter.' : 'No assigned license matches the search.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.pages > 1 && (
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button size="xs" variant="default" disabled={shown.page === 1} onClick={() => setView((current) => ({ ...current, page: shown.page - 1 }))}>
            Previous page
          </Button>
          <Text size="sm" aria-live="polite">
            Page {shown.page} of {shown.pages}
          </Text>
          <Button size="xs" variant="default" disabled={shown.page === shown.pages} onClick={() => setView((current) => ({ ...current, page: shown.page + 1 }))}>
            Next page
          </Button>
        </Group>
      )}
    </section>
  )
}

/** A seat of an ended subscription, as My Licenses shows one: the grey 'Expired' badge and what its key still opens. */
function EndedSeat({ ended }: { ended: NonNullable<AssignedLicense['ended']> }) {
  return (
    <>
      <Badge color="gray.7" autoContrast>
        Expired
      </Badge>
      {ended.updatesUntil && (
        <Text size="xs" c="dimmed">
          {formatCoverage(ended.updatesUntil, ended.newestCovered)}
        </Text>
      )}
    </>
  )
}
