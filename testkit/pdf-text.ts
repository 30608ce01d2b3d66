import { execFileSync } from 'node:child_process'

/** The words of a PDF as poppler's pdftotext reads them; null where poppler is not installed. */
export function pdfText(bytes: Buffer): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8')
  } catch {
    return null
  }
}
