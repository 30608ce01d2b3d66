import type { AssignedLicense } from '../../../common/contract'

export type SortColumn = 'name' | 'email' | 'expiration'
export interface TableView {
  query: string
  sort: { column: SortColumn; direction: 'ascending' | 'descending' }
  page: number
}

export const rowsPerPage = 10

const fullName = (row: AssignedLicense) => `${row.firstName} ${row.lastName}`.trim()
const keyOf: Record<SortColumn, (row: AssignedLicense) => string> = { name: fullName, email: (row) => row.email, expiration: (row) => row.expirationDate }

/** The assigned licenses as the table shows them: filtered by name or email, sorted, one page. */
export function tableRows(rows: readonly AssignedLicense[], view: TableView) {
  const query = view.query.trim().toLowerCase()
  const matching = query ? rows.filter((row) => fullName(row).toLowerCase().includes(query) || row.email.toLowerCase().includes(query)) : [...rows]
  const key = keyOf[view.sort.column]
  const sign = view.sort.direction === 'ascending' ? 1 : -1
  matching.sort((a, b) => sign * key(a).localeCompare(key(b), 'en-US', { sensitivity: 'base' }))
  const pages = Math.max(1, Math.ceil(matching.length / rowsPerPage))
  const page = Math.min(Math.max(1, view.page), pages)
  return { rows: matching.slice((page - 1) * rowsPerPage, page * rowsPerPage), page, pages, total: matching.length }
}

export { fullName }
