import { describe, expect, it } from 'vitest'
import type { AssignedLicense } from '@/common/contract'
import { parseBulkLines } from '@/src/features/manage-licenses/bulk-lines'
import { rowsPerPage, tableRows, type TableView } from '@/src/features/manage-licenses/license-table'

const row = (index: number, overrides: Partial<AssignedLicense> = {}): AssignedLicense => ({
  id: `seat_${index}`,
  firstName: `First${String(index).padStart(2, '0')}`,
  lastName: 'Last',
  email: `person${String(index).padStart(2, '0')}@example.com`,
  expirationDate: `2027-01-${String((index % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
  lastFeedAccessAt: null,
  pending: false,
  ...overrides,
})
const view = (overrides: Partial<TableView> = {}): TableView => ({ query: '', sort: { column: 'name', direction: 'ascending' }, page: 1, unusedOnly: false, ...overrides })

describe('the assigned licenses table', () => {
  const rows = Array.from({ length: 23 }, (_, index) => row(index))

  it('pages many rows, and keeps the page within range', () => {
    expect(tableRows(rows, view())).toMatchObject({ page: 1, pages: 3, total: 23 })
    expect(tableRows(rows, view()).rows).toHaveLength(rowsPerPage)
    expect(tableRows(rows, view({ page: 3 })).rows.map((license) => license.id)).toEqual(['seat_20', 'seat_21', 'seat_22'])
    expect(tableRows(rows, view({ page: 9 })).page).toBe(3)
  })

  it('searches by name or email, ignoring case', () => {
    expect(tableRows(rows, view({ query: 'FIRST07' })).rows.map((license) => license.id)).toEqual(['seat_7'])
    expect(tableRows(rows, view({ query: 'person12@' })).rows.map((license) => license.id)).toEqual(['seat_12'])
    expect(tableRows(rows, view({ query: 'first07 last' })).total).toBe(1)
    expect(tableRows(rows, view({ query: 'nobody' }))).toMatchObject({ total: 0, pages: 1, rows: [] })
  })

  it('sorts by each column, both ways', () => {
    const few = [
      row(1, { firstName: 'Zoe', email: 'a@example.com', expirationDate: '2027-03-01T00:00:00.000Z' }),
      row(2, { firstName: 'Adam', email: 'z@example.com', expirationDate: '2027-01-01T00:00:00.000Z' }),
    ]
    const ids = (sort: TableView['sort']) => tableRows(few, view({ sort })).rows.map((license) => license.id)
    expect(ids({ column: 'name', direction: 'ascending' })).toEqual(['seat_2', 'seat_1'])
    expect(ids({ column: 'name', direction: 'descending' })).toEqual(['seat_1', 'seat_2'])
    expect(ids({ column: 'email', direction: 'ascending' })).toEqual(['seat_1', 'seat_2'])
    expect(ids({ column: 'expiration', direction: 'ascending' })).toEqual(['seat_2', 'seat_1'])
  })
})

describe('the filter of seats not used for 60 days', () => {
  const now = new Date('2026-11-25T12:00:00.000Z')
  // Let in 59 days and 61 days before now, and never; one recent.
  const recent = row(1, { firstName: 'Recent', lastFeedAccessAt: '2026-11-20T08:00:00.000Z' })
  const within = row(2, { firstName: 'Within', lastFeedAccessAt: '2026-09-27T12:00:00.000Z' })
  const stale = row(3, { firstName: 'Stale', lastFeedAccessAt: '2026-09-25T12:00:00.000Z' })
  const never = row(4, { firstName: 'Never' })
  const few = [recent, within, stale, never]
  const ids = (overrides: Partial<TableView>) => tableRows(few, view(overrides), now).rows.map((license) => license.id)

  it('keeps the seats the feed never let in or not for 60 days, and only while it is on', () => {
    expect(ids({ unusedOnly: true })).toEqual(['seat_4', 'seat_3'])
    expect(ids({ unusedOnly: false })).toHaveLength(4)
  })

  it('combines with the search, the sort and the pages', () => {
    expect(ids({ unusedOnly: true, query: 'stale' })).toEqual(['seat_3'])
    expect(ids({ unusedOnly: true, query: 'recent' })).toEqual([])
    expect(ids({ unusedOnly: true, sort: { column: 'name', direction: 'descending' } })).toEqual(['seat_3', 'seat_4'])
    const many = Array.from({ length: 25 }, (_, index) => row(index, { lastFeedAccessAt: index % 2 ? null : '2026-11-20T08:00:00.000Z' }))
    expect(tableRows(many, view({ unusedOnly: true, page: 2 }), now)).toMatchObject({ page: 2, pages: 2, total: 12 })
  })

  it('sorts by last use, never used first', () => {
    expect(ids({ sort: { column: 'lastUsed', direction: 'ascending' } })).toEqual(['seat_4', 'seat_3', 'seat_2', 'seat_1'])
    expect(ids({ sort: { column: 'lastUsed', direction: 'descending' } })).toEqual(['seat_1', 'seat_2', 'seat_3', 'seat_4'])
  })
})

describe('assign several: pasted lines', () => {
  it('reads first name, last name and email per line, comma or tab separated, skipping blank lines', () => {
    expect(parseBulkLines('Ada, Lovelace, ada@example.com\n\n  Alan\tTuring\talan@example.com  \r\n')).toEqual([
      { text: 'Ada, Lovelace, ada@example.com', request: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, error: null },
      { text: 'Alan\tTuring\talan@example.com', request: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' }, error: null },
    ])
  })

  it('checks each line like the assign form [S5.assign.required]', () => {
    expect(parseBulkLines('Grace, Hopper').map((line) => line.error)).toEqual(['Expected first name, last name, email'])
    expect(parseBulkLines('Grace, Hopper, grace-at-example').map((line) => line.error)).toEqual(['Email must be a valid email address'])
    expect(parseBulkLines(', Hopper, grace@example.com').map((line) => line.error)).toEqual(['First name is required'])
  })
})
