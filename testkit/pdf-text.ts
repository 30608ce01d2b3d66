import { execFileSync } from 'node:child_process'

/**
 * The words of a PDF as poppler's pdftotext reads them back. A missing poppler or an unreadable
 * PDF throws, failing the test: the machine check (`scripts/test-machine.ts`) installs poppler-utils
 * or stops the run, so no check of a PDF's content is ever skipped.
 */
export function pdfText(pdf: Buffer | string): string {
  const [args, input] = typeof pdf === 'string' ? [[pdf, '-'], undefined] : [['-', '-'], pdf]
  try {
    return execFileSync('pdftotext', args, { input, stdio: ['pipe', 'pipe', 'pipe'] }).toString('utf8')
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
    throw new Error(`pdftotext could not read the PDF (poppler-utils installed?): ${stderr || (error as Error).message}`, { cause: error })
  }
}
