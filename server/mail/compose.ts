/** A message as the outbox keeps it: plain text and HTML of the same words. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

/** A person as a message names them: the name (empty when not given) and the address. */
export interface Person {
  firstName: string
  lastName: string
  email: string
}

/** A run of words in a paragraph: plain, the name of something on screen, or a link. */
export type Part = string | { strong: string } | { href: string; label?: string }
export type Paragraph = Part[]

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

function partAsText(part: Part): string {
  if (typeof part === 'string') return part
  if ('strong' in part) return part.strong
  return part.label ? `${part.label} (${part.href})` : part.href
}

function partAsHtml(part: Part): string {
  if (typeof part === 'string') return escapeHtml(part)
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`
  return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.label ?? part.href)}</a>`
}

/**
 * One message in both forms from the same paragraphs: the text for any mail reader, and simple
 * HTML (a language, a title, real links and paragraphs; no layout tables, images or tracking).
 */
export function composeMail(to: string, subjectLine: string, paragraphs: Paragraph[]): OutgoingMail {
  // A name in a subject is the customer's own text: one line, whatever they typed.
  const subject = subjectLine.replace(/\s+/g, ' ').trim()
  const text = paragraphs.map((paragraph) => paragraph.map(partAsText).join('')).join('\n\n')
  const body = paragraphs.map((paragraph) => `<p>${paragraph.map(partAsHtml).join('')}</p>`).join('\n')
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1b1e; max-width: 40em">',
    body,
    '</body>',
    '</html>',
  ].join('\n')
  return { to, subject, text: `${text}\n`, html }
}
