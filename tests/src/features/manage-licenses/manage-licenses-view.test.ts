import { describe, expect, it } from 'vitest'
import type { AssignedLicense } from '../../../../common/contract'
import { parseBulkLines } from '../../../../src/features/manage-licenses/bulk-lines'
import { rowsPerPage, tableRows, type TableView } from '../../../../src/features/manage-licenses/license-table'

const row = (index: number, overrides: Partial<AssignedLicense> = {}): AssignedLicense => ({
  id: `seat_${index}`,
  firstName: `First${String(index).padStart(2, '0')}`,
  lastName: 'Last',
  email: `person${String(index).padStart(2, '0')}@example.com`,
  expirationDate: `2027-01-${String((index % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
  lastFeedAccessAt: null,
  ...overrides,
})
const view = (overrides: Partial<TableView> = {}): TableView => ({ query: '', sort: { column: 'name', direction: 'ascending' }, page: 1, ...overrides })

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

describe('assign several: pasted lines', () => {
  it('reads first name, last name and email per line, comma or tab separated, skipping blank lines', () => {
    expect(parseBulkLines('Ada, Lovelace, ada@example.com\n\n  Alan\tTuring\talan@example.com  \r\n')).toEqual([
      { text: 'Ada, Lovelace, ada@example.com', request: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, error: null },
      { text: 'Alan\tTuring\talan@example.com', request: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' }, error: null },
    ])
  })

  it('checks each line like the assign form', () => {
    expect(parseBulkLines('Grace, Hopper').map((line) => line.error)).toEqual(['Expected first name, last name, email'])
    expect(parseBulkLines('Grace, Hopper, grace-at-example').map((line) => line.error)).toEqual(['Email must be a valid email address'])
    expect(parseBulkLines(', Hopper, grace@example.com').map((line) => line.error)).toEqual(['First name is required'])
  })
})
