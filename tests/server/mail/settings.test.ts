import { describe, expect, it } from 'vitest'
import { readServerConfig } from '@/server/local/config'
import { describeSmtpServer } from '@/server/mail/settings'
import { describeSendFailure } from '@/server/mail/smtp'
import { localStackEnv } from '@/tests/support/example-env'

/** .env.localstack's payment settings: the rest is left to the defaults. */
const local = localStackEnv('STRIPE_')

describe("the local stack's mail settings", () => {
  it('send to its own MailDev on 1025, with the inbox on 1080, from the support address', () => {
    expect(readServerConfig(local)).toMatchObject({ SMTP_URL: '', MAILDEV_SMTP_PORT: 1025, MAILDEV_WEB_PORT: 1080, MAIL_FROM: 'support@prismlibrary.com' })
  })

  it('move the catcher to other ports, or send to a server of your own', () => {
    expect(readServerConfig({ ...local, MAILDEV_SMTP_PORT: '21025', MAILDEV_WEB_PORT: '21080' })).toMatchObject({ MAILDEV_SMTP_PORT: 21025, MAILDEV_WEB_PORT: 21080 })
    expect(readServerConfig({ ...local, SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525')
  })

  it('refuse what is not an SMTP address or a port, naming it', () => {
    expect(() => readServerConfig({ ...local, SMTP_URL: 'mail.example.com' })).toThrow('SMTP_URL: SMTP_URL must be an smtp:// or smtps:// address')
    expect(() => readServerConfig({ ...local, MAILDEV_WEB_PORT: 'eighty' })).toThrow('MAILDEV_WEB_PORT')
  })
})

describe('what a log may say about the mail server', () => {
  const smtpUrl = 'smtps://apikey:SG.p%40ss@smtp.example.com:465'

  it('names the server without its user or password', () => {
    expect(describeSmtpServer(smtpUrl)).toBe('smtps://smtp.example.com:465')
  })

  it('keeps the password out of a failure, even one that repeats it', () => {
    const failure = Object.assign(new Error('Invalid login: 535 bad credentials for SG.p@ss'), { code: 'EAUTH' })
    expect(describeSendFailure(failure, smtpUrl)).toBe('EAUTH: Invalid login: 535 bad credentials for [redacted]')
  })
})
