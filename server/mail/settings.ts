import * as v from 'valibot'

/** The support address (spec section 9, .env.localstack's VITE_SUPPORT_EMAIL): mail comes from it unless MAIL_FROM says otherwise. */
export const supportAddress = 'support@prismlibrary.com'

/** SMTP_URL: smtp://[user:password@]host[:port] (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
export const smtpUrlSchema = v.pipe(
  v.string('SMTP_URL is required'),
  v.trim(),
  v.nonEmpty('SMTP_URL is required'),
  v.check((value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol) && new URL(value).hostname !== '', 'SMTP_URL must be an smtp:// or smtps:// address'),
)

/** MAIL_FROM: an address, or a name and an address ('Prism <support@prismlibrary.com>'). */
export const mailFromSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, 'MAIL_FROM must be an email address, or a name and <address>')),
  supportAddress,
)

/** The mail server as a log may name it: scheme, host and port, never the user or password. */
export function describeSmtpServer(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  return `${url.protocol}//${url.host}`
}
