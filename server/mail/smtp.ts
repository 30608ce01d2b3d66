import { createTransport } from 'nodemailer'
import type { OutgoingMail } from './compose'

export type SendMail = (mail: OutgoingMail) => Promise<void>

/**
 * Sends through the SMTP server of SMTP_URL, one connection a message (mail is rare: nothing to
 * keep open between messages). Timeouts keep a hung server from holding a message past its lease.
 */
export function smtpSender(smtpUrl: string, from: string): SendMail {
  // With a user and password on smtp://, STARTTLS is required, not merely used when offered: a
  // server (or anyone on the way) that leaves it out would otherwise be sent the password in clear.
  const address = URL.canParse(smtpUrl) ? new URL(smtpUrl) : undefined
  const withPassword = address?.protocol === 'smtp:' && address.password !== ''
  const transport = createTransport({ url: smtpUrl, requireTLS: withPassword, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from })
  return async (mail) => {
    await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
  }
}

/** A failure in words for the outbox and the log: never the SMTP_URL's password, even if a server echoed it. */
export function describeSendFailure(error: unknown, smtpUrl: string): string {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | null)?.code
  const password = URL.canParse(smtpUrl) ? decodeURIComponent(new URL(smtpUrl).password) : ''
  const words = `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 500)
  return password ? words.split(password).join('[redacted]') : words
}
