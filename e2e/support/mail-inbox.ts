import { expect } from '@playwright/test'
import { mailInboxURL } from '@/playwright.config'

/** A message as the local mail catcher (MailDev) holds it. */
export interface CaughtMail {
  subject: string
  text: string
  html: string
  from: { address: string; name: string }[]
  to: { address: string; name: string }[]
}

/** Waits until the stack's mail catcher holds a message to the address (whose subject matches, when given), and answers it. */
export async function mailTo(address: string, subject: RegExp = /./): Promise<CaughtMail> {
  let found: CaughtMail | undefined
  await expect
    .poll(
      async () => {
        const inbox = (await (await fetch(`${mailInboxURL}/api/email`)).json()) as CaughtMail[]
        found = inbox.find((mail) => subject.test(mail.subject) && mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
        return found !== undefined
      },
      { message: `mail to ${address} in the catcher at ${mailInboxURL}`, timeout: 15_000 },
    )
    .toBe(true)
  return found!
}
