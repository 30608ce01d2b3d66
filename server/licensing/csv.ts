/**
 * A cell a spreadsheet would take for a formula (OWASP's CSV injection list: `=`, `+`, `-`, `@`,
 * tab and carriage return first): a leading apostrophe makes it text. A name is the customer's own
 * text, and `=HYPERLINK(…)` in one must not run in the owner's spreadsheet.
 */
const formulaStart = /^[=+\-@\t\r]/

/** One cell, RFC 4180: quoted (its quotes doubled) when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Lines of cells, RFC 4180: separated by commas, each line ended by CRLF. */
export const csvText = (lines: readonly (readonly string[])[]) => lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('')
