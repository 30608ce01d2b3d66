import { formatLongDate, formatUsd } from '@/common/format'
import { composeMail, type OutgoingMail, type Paragraph, type Person } from './compose'
import { named } from './organisation-messages'
import { supportAddress } from './settings'

/** Absolute links on the site's public origin: My Licenses, Manage Licenses, Feed tokens, and where Billing is. */
export const siteLinks = (origin: string) => ({ myLicenses: `${origin}/account`, manageLicenses: `${origin}/account/licenses`, feedTokens: `${origin}/account/feed-tokens` })

const greeting = (person?: Person): Paragraph => [person?.firstName.trim() ? `Hello ${person.firstName.trim()},` : 'Hello,']
/** An organisation's mail goes to all its contacts at once (server/kernel/organisation-contacts.ts), by name when there is one. */
const addressed = (people: readonly Person[]) => people.map((person) => person.email).join(', ')
const greetingOf = (people: readonly Person[]) => greeting(people.length === 1 ? people[0] : undefined)
const seatsInWords = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`)
const signOff: Paragraph = [`Questions? Write to ${supportAddress}. — The Prism team`]
// Billing is the account area's sidebar entry that opens the payment provider's portal (spec section 2).
const billing = (origin: string): Paragraph => ['Sign in at ', { href: siteLinks(origin).myLicenses }, ' and choose ', { strong: 'Billing' }, ' in the sidebar.']

/** To the developer a seat was just assigned to: who assigned it, the plan, how to sign in and find the key. */
export function seatAssignedMail(facts: { origin: string; assignee: string; owner: Person; planName: string }): OutgoingMail {
  // The subject holds nothing a customer typed; the body names the person only by a name that is one.
  return composeMail(facts.assignee, `You have a Prism ${facts.planName} license`, [
    greeting(),
    [`${named(facts.owner)} assigned you a Prism ${facts.planName} license.`],
    [
      'To use it, sign in at ',
      { href: siteLinks(facts.origin).myLicenses },
      ` with this email address, ${facts.assignee}. New to the portal? Choose sign up there with this same address and the license is waiting for you.`,
    ],
    ['Your license key is under ', { strong: 'My Licenses → License Key' }, '.'],
    signOff,
  ])
}

/** To the organisation's billing contacts after a purchase: the plan and the seats, and where to hand them out. */
export function purchaseMail(facts: { origin: string; to: readonly Person[]; planName: string; seats: number }): OutgoingMail {
  return composeMail(addressed(facts.to), `Your Prism ${facts.planName} purchase: ${seatsInWords(facts.seats)}`, [
    greetingOf(facts.to),
    [`Thank you for buying Prism ${facts.planName}: ${seatsInWords(facts.seats)}, renewed every year.`],
    ['Assign seats to your developers under ', { strong: 'Manage Licenses' }, ': ', { href: siteLinks(facts.origin).manageLicenses }],
    ['Your licenses and their keys are under ', { strong: 'My Licenses' }, ': ', { href: siteLinks(facts.origin).myLicenses }],
    signOff,
  ])
}

/** To the organisation's billing contacts after a renewal: the new expiry date. */
export function renewalMail(facts: { origin: string; to: readonly Person[]; planName: string; seats: number; expiresAt: Date }): OutgoingMail {
  const date = formatLongDate(facts.expiresAt)
  return composeMail(addressed(facts.to), `Your Prism ${facts.planName} licenses are renewed until ${date}`, [
    greetingOf(facts.to),
    [`Your Prism ${facts.planName} subscription (${seatsInWords(facts.seats)}) is renewed. Its licenses now expire on ${date}.`],
    ['Your licenses are under ', { strong: 'My Licenses' }, ': ', { href: siteLinks(facts.origin).myLicenses }],
    signOff,
  ])
}

/** To the organisation's billing contacts when a renewal's payment failed: what it means, and the way to Billing. */
export function paymentFailedMail(facts: { origin: string; to: readonly Person[]; planName: string }): OutgoingMail {
  return composeMail(addressed(facts.to), `Payment failed for your Prism ${facts.planName} licenses`, [
    greetingOf(facts.to),
    [`We could not take the payment for your Prism ${facts.planName} subscription. Until it is paid, its licenses show Payment due and no seat can be assigned; if it stays unpaid, they end.`],
    ['To pay, update your card in Billing. ', ...billing(facts.origin)],
    signOff,
  ])
}

/** To the organisation's billing contacts, 30 days (or less) before a subscription set to cancel ends. */
export function cancelReminderMail(facts: { origin: string; to: readonly Person[]; planName: string; seats: number; endsAt: Date }): OutgoingMail {
  const date = formatLongDate(facts.endsAt)
  return composeMail(addressed(facts.to), `Your Prism ${facts.planName} licenses end on ${date}`, [
    greetingOf(facts.to),
    [`Your Prism ${facts.planName} subscription is set to cancel: its ${seatsInWords(facts.seats)} stop working on ${date}, and their keys with them.`],
    ['To keep them, renew the subscription in Billing. ', ...billing(facts.origin)],
    signOff,
  ])
}

/** To the organisation's billing contacts, 7 days and 1 day before a free trial ends (decision 0047): when, what ends with it, and where to buy. */
export function trialEndReminderMail(facts: { origin: string; to: readonly Person[]; planName: string; endsAt: Date; canExtend: boolean }): OutgoingMail {
  const date = formatLongDate(facts.endsAt)
  return composeMail(addressed(facts.to), `Your Prism ${facts.planName} trial ends on ${date}`, [
    greetingOf(facts.to),
    [`Your free Prism ${facts.planName} trial ends on ${date}. From then on its license key no longer opens the private package feed.`],
    [
      facts.canExtend ? 'To keep going, buy licenses, or extend the trial once by 14 days, under ' : 'To keep going, buy licenses under ',
      { strong: 'My Licenses' },
      ': ',
      { href: siteLinks(facts.origin).myLicenses },
    ],
    signOff,
  ])
}

/**
 * To the organisation's billing contacts, 30 days (or less) before a subscription renews: the seats it renews with, who holds
 * them, how many are free, and what will be charged; where to renew with fewer, or not at all.
 */
export function renewalReminderMail(facts: {
  origin: string
  to: readonly Person[]
  planName: string
  renewsOn: Date
  seats: number
  renewalSeats: number
  holders: readonly string[]
  amount: number
}): OutgoingMail {
  const date = formatLongDate(facts.renewsOn)
  const unassigned = facts.seats - facts.holders.length
  const charge = facts.amount > 0 ? `we will charge ${formatUsd(facts.amount)} (plus tax where it applies) to the card on file` : 'there is nothing to pay'
  return composeMail(addressed(facts.to), `Your Prism ${facts.planName} subscription renews on ${date}: ${formatUsd(facts.amount)}`, [
    greetingOf(facts.to),
    [`Your Prism ${facts.planName} subscription renews on ${date} with ${seatsInWords(facts.renewalSeats)}, and ${charge}.`],
    ...(facts.renewalSeats < facts.seats ? [[`As you chose, ${seatsInWords(facts.seats - facts.renewalSeats)} of its ${facts.seats} end on ${date}.`]] : []),
    [facts.holders.length ? `Assigned seats (${facts.holders.length}): ${facts.holders.join(', ')}.` : 'No seat is assigned.'],
    [`Unassigned seats: ${unassigned}.`],
    ['To renew with fewer seats, or to turn auto-renew off, go to ', { strong: 'Manage Licenses' }, ': ', { href: siteLinks(facts.origin).manageLicenses }],
    signOff,
  ])
}

/**
 * To the billing contacts of a subscription paid by invoice, 30 days before it renews (decision
 * 0056): the next period's invoice, its number, total and due date, and where its PDF is.
 */
export function renewalInvoiceMail(facts: {
  origin: string
  to: readonly Person[]
  planName: string
  seats: number
  renewsOn: Date
  number: string
  total: number
  dueDate: Date
  pdfUrl: string | null
}): OutgoingMail {
  const renews = formatLongDate(facts.renewsOn)
  return composeMail(addressed(facts.to), `Invoice ${facts.number} for your Prism ${facts.planName} renewal on ${renews}: ${formatUsd(facts.total)}`, [
    greetingOf(facts.to),
    [
      `Your Prism ${facts.planName} subscription renews on ${renews} with ${seatsInWords(facts.seats)}. Its invoice ${facts.number} for the year ahead, ${formatUsd(facts.total)}, is due by ${formatLongDate(facts.dueDate)}.`,
    ],
    ['Pay it by bank transfer to the account on the invoice, with its number as the reference.', ...(facts.pdfUrl ? [' The invoice: ', { href: facts.pdfUrl }] : [])],
    ['It is also under ', { strong: 'Invoices and company' }, ', and your licenses under ', { strong: 'My Licenses' }, ': ', { href: siteLinks(facts.origin).myLicenses }],
    signOff,
  ])
}

/** To the organisation's owners and seat managers, 14 days before a feed token expires: which token (in the message, not the subject: its name is anyone's choice), when, and where to make the next one. */
export function feedTokenExpiryMail(facts: { origin: string; to: readonly Person[]; tokenName: string; expiresAt: Date }): OutgoingMail {
  const date = formatLongDate(facts.expiresAt)
  return composeMail(addressed(facts.to), `A Prism feed token expires on ${date}`, [
    greetingOf(facts.to),
    [`Your feed token “${facts.tokenName}” for the Prism package feed expires on ${date}. From then on, the builds that use it cannot restore packages from the feed.`],
    ['Create a new token, put it in place of this one, then revoke this one, under ', { strong: 'Feed tokens' }, ': ', { href: siteLinks(facts.origin).feedTokens }],
    signOff,
  ])
}

/** A feed token used from one network more than its scope allows within 24 hours (issue 47): sent once per leak, to the organisation's owners. */
export function feedTokenLeakMail(facts: { origin: string; to: readonly Person[]; tokenName: string; network: string; maxNetworks: number; suspended: boolean }): OutgoingMail {
  return composeMail(addressed(facts.to), `Your Prism feed token “${facts.tokenName}” may have leaked`, [
    greetingOf(facts.to),
    [
      `Your feed token “${facts.tokenName}” was used from ${facts.network}, one network more than the ${facts.maxNetworks} it may be used from within 24 hours. Someone outside your builds may have its secret.`,
    ],
    facts.suspended
      ? [
          'It is suspended, as you chose: every build that uses it is refused until an owner resumes it, or revokes it and makes another, under ',
          { strong: 'Feed tokens' },
          ': ',
          { href: siteLinks(facts.origin).feedTokens },
        ]
      : ['It still works from the networks it was used from before. If it leaked, revoke it and make another under ', { strong: 'Feed tokens' }, ': ', { href: siteLinks(facts.origin).feedTokens }],
    signOff,
  ])
}
