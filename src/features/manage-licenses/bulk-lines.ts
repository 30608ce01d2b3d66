import * as v from 'valibot'
import type { BulkLine } from '@/machines/manage-licenses.machine'
import { assignRequestSchema } from '@/common/contract'

/**
 * 'Assign several': one assignee per line as `first name, last name, email` (a tab works too, as
 * pasted from a spreadsheet). Blank lines are skipped; each other line is checked like the form.
 */
export function parseBulkLines(text: string): BulkLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line): BulkLine => {
      const parts = line.split(/\s*[,\t;]\s*/)
      if (parts.length !== 3) return { text: line, request: null, error: 'Expected first name, last name, email' }
      const [firstName, lastName, email] = parts
      const result = v.safeParse(assignRequestSchema, { firstName, lastName, email })
      return result.success ? { text: line, request: result.output, error: null } : { text: line, request: null, error: result.issues[0].message }
    })
}
