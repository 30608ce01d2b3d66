import type { AssignedLicense } from '@/common/contract'

export type SortColumn = 'name' | 'email' | 'expiration' | 'lastUsed'
export interface TableView {
  query: string
  sort: { column: SortColumn; direction: 'ascending' | 'descending' }
  page: number
  /** Only the seats the package feed has not let in for `unusedDays` (or ever). */
  unusedOnly: boolean
}

export const rowsPerPage = 10
/** A seat is unused when the feed has not let its key in for this many days. */
export const unusedDays = 60
const dayMs = 86_400_000

const fullName = (row: AssignedLicense) => `${row.firstName} ${row.lastName}`.trim()
// ISO timestamps sort as text; a seat never used sorts before every date.
const keyOf: Record<SortColumn, (row: AssignedLicense) => string> = {
  name: fullName,
  email: (row) => row.email,
  expiration: (row) => row.expirationDate,
  lastUsed: (row) => row.lastFeedAccessAt ?? '',
}

/** Not let in by the feed for `unusedDays` days before `now`, or never. */
export function unused(row: AssignedLicense, now: Date): boolean {
  return row.lastFeedAccessAt === null || new Date(row.lastFeedAccessAt).getTime() < now.getTime() - unusedDays * dayMs
}

/** The assigned licenses as the table shows them: filtered by name or email (and by use), sorted, one page. */
export function tableRows(rows: readonly AssignedLicense[], view: TableView, now = new Date()) {
  const query = view.query.trim().toLowerCase()
  const matching = rows.filter((row) => (!query || fullName(row).toLowerCase().includes(query) || row.email.toLowerCase().includes(query)) && (!view.unusedOnly || unused(row, now)))
  const key = keyOf[view.sort.column]
  const sign = view.sort.direction === 'ascending' ? 1 : -1
  matching.sort((a, b) => sign * key(a).localeCompare(key(b), 'en-US', { sensitivity: 'base' }))
  const pages = Math.max(1, Math.ceil(matching.length / rowsPerPage))
  const page = Math.min(Math.max(1, view.page), pages)
  return { rows: matching.slice((page - 1) * rowsPerPage, page * rowsPerPage), page, pages, total: matching.length }
}

export { fullName }
