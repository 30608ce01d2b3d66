/**
 * A minimal, valid PDF 1.4 document of one A4 page of text: Helvetica and Helvetica-Bold (two of
 * the standard fonts every reader has, so nothing is embedded), WinAnsi encoding, and an exact
 * cross-reference table. Enough for the sandbox's invoices; nothing else in the product draws PDFs.
 */

export interface PdfText {
  text: string
  /** Points from the left edge and from the bottom (A4 is 595 × 842). */
  x: number
  y: number
  size?: number
  bold?: boolean
}

/** A string literal in WinAnsi (Latin-1 for the letters an address holds); anything else becomes '?'. */
function literal(text: string): string {
  const latin1 = [...text].map((char) => (char.charCodeAt(0) <= 0xff ? char : '?')).join('')
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[\r\n]+/g, ' ')})`
}

export function pdfDocument(texts: readonly PdfText[]): Buffer {
  const content = texts.map(({ text, x, y, size = 10, bold }) => `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td ${literal(text)} Tj ET`).join('\n')
  const stream = Buffer.from(content, 'latin1')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  const size = () => parts.reduce((sum, part) => sum + part.length, 0)
  objects.forEach((body, index) => {
    offsets.push(size())
    parts.push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1'))
  })
  offsets.push(size())
  parts.push(Buffer.from(`6 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream\nendobj\n', 'latin1'))
  const xref = size()
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  parts.push(Buffer.from(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'))
  return Buffer.concat(parts)
}
