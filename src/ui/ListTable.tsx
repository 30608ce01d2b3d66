import { Button, Table, VisuallyHidden, type ButtonProps, type TableTdProps } from '@mantine/core'
import type { ReactNode } from 'react'

interface ListTableProps {
  /** The table's accessible name. */
  label: string
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number
  headers: readonly string[]
  /** A last column of row buttons, its heading named for screen readers only. */
  actions: boolean
  /** The body's rows. */
  children: ReactNode
}

/** A striped list of records under a row of headings, as the account pages show their tokens, members and invitations. */
export function ListTable({ label, minWidth, headers, actions, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
            {actions && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** The heading over a column of row buttons: blank on screen, "Actions" to a screen reader. */
export function ActionsHeader() {
  return (
    <Table.Th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  )
}

/** A cell kept on one line (a date, a row's buttons). */
export function NoWrapCell(props: Omit<TableTdProps, 'style'>) {
  return <Table.Td style={{ whiteSpace: 'nowrap' }} {...props} />
}

type RowButtonProps = Omit<ButtonProps, 'size' | 'variant'> & { 'aria-label': string; onClick: () => void }

/** A row's small text button, named after the row it acts on. */
export function RowButton(props: RowButtonProps) {
  return <Button size="xs" variant="subtle" {...props} />
}
