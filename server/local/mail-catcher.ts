import { rmSync } from 'node:fs'
import { MailDev } from 'maildev'

export interface MailCatcher {
  /** Where the server sends: the catcher's SMTP port. */
  smtpUrl: string
  /** The inbox in a browser. */
  inboxUrl: string
  /** MailDev's REST API (GET …/email lists what arrived). */
  restUrl: string
  stop(): Promise<void>
}

/**
 * MailDev, in this process: an SMTP server that keeps every message instead of delivering it, and
 * its inbox on the web. The local stack and the tests only; production never starts it. It listens
 * on this machine alone, and its inbox starts empty (its files under `mailDir`, of this run only).
 * Port 0 picks a free one.
 */
export async function startMailCatcher(options: { smtpPort: number; webPort: number; mailDir: string }): Promise<MailCatcher> {
  rmSync(options.mailDir, { recursive: true, force: true })
  const maildev = new MailDev({ smtp: options.smtpPort, web: options.webPort, ip: '127.0.0.1', webIp: '127.0.0.1', mailDirectory: options.mailDir, maxEmails: 1000, silent: true })
  const { smtp, api } = await maildev.start()
  const webPort = api?.getAddress()?.port ?? options.webPort
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.getAddress().port}`,
    inboxUrl: `http://localhost:${webPort}`,
    restUrl: `http://127.0.0.1:${webPort}/api`,
    stop: () => maildev.stop(),
  }
}
