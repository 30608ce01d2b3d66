import { describe, expect, it } from 'vitest'
import { csvCell, csvText } from '@/server/licensing/csv'

describe('CSV for a spreadsheet', () => {
  it.each([
    ['Ada', 'Ada'],
    ['', ''],
    ['Lovelace, Ada', '"Lovelace, Ada"'],
    ['Ada "the Countess"', '"Ada ""the Countess"""'],
    ['two\nlines', '"two\nlines"'],
    ['Zoë 😀 שלום', 'Zoë 😀 שלום'],
    ['2025-01-02T03:04:05.000Z', '2025-01-02T03:04:05.000Z'],
  ])('quotes a cell with a comma, a quote or a line break (RFC 4180), doubling its quotes, and leaves the rest alone: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it.each([
    ['=HYPERLINK("http://evil.example","Click")', '"\'=HYPERLINK(""http://evil.example"",""Click"")"'],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
    ['\r=1', '"\'\r=1"'],
    ['a=1', 'a=1'],
  ])('makes text of a cell a spreadsheet would run as a formula (OWASP: =, +, -, @, tab and CR first): %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('ends every line with CRLF', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['c,d', ''],
      ]),
    ).toBe('a,b\r\n"c,d",\r\n')
    expect(csvText([])).toBe('')
  })
})
