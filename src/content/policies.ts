import { policyMeta } from './policy-meta'
import { site } from './site'

export interface PolicySection {
  heading: string
  paragraphs: readonly string[]
}

export interface Policy {
  title: string
  description: string
  updated: string
  intro: string
  sections: readonly PolicySection[]
}

const contact = `Write to ${site.supportEmail} and we will answer within two business days.`

export const privacyPolicy: Policy = {
  ...policyMeta.privacy,
  updated: '2026-11-01',
  intro: 'This policy explains what personal information we collect when you visit this site, sign in to your account or buy a Prism license, and how we use it.',
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: [
        'Account information: your name, email address and the identifier issued by the sign-in provider you choose (Microsoft, Google or GitHub).',
        'Profile information you choose to add: avatar image address, GitHub username, company, postal address and your email announcement preference.',
        'License information: the plans you buy, the seats you assign, and the names and email addresses of the developers you assign them to.',
        'Discord username, when you connect a Commercial Plus license to the Prism Discord server.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'To run your account, issue and renew licenses, give licensed developers access to the private package feed, and answer support requests.',
        'To send product announcements, only while your profile has email announcements turned on. You can turn them off at any time.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Payments are handled by our card payment provider. Your card details go directly to the provider and never reach our servers; we keep only the customer reference, the plan, the seat count and invoice records.',
      ],
    },
    {
      heading: 'Sign-in, cookies and local storage',
      paragraphs: [
        'Sign-in goes through a hosted identity provider. The tokens that keep you signed in are stored in your browser’s local storage, not in cookies, and are removed when you log out.',
        'The public pages set no tracking cookies. Your colour scheme choice is kept in local storage on your device.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We do not sell personal information. We share it only with the service providers that run sign-in, payments, email and hosting for us, under contracts that limit their use to providing those services, or when the law requires it.',
        'When you assign a seat, the developer you assign it to sees your email address as the license owner.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account and license records are kept while your account is active and for as long as tax and accounting law requires afterwards. Unassigned seats keep no personal data of their former holder.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['You can see and correct your profile at any time in your account. You can ask for a copy of your data, or for its deletion, where the law allows.', contact],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: ['When this policy changes we update the date above and, for material changes, tell account holders by email.'],
    },
  ],
}

export const fulfillmentPolicy: Policy = {
  ...policyMeta.fulfillment,
  updated: '2026-11-01',
  intro: 'Prism licenses are annual subscriptions sold per developer. This policy explains how a purchase is delivered and what happens afterwards.',
  sections: [
    {
      heading: 'Delivery',
      paragraphs: [
        'Licenses are delivered digitally and immediately. As soon as the payment is confirmed, the licenses appear in your account under My Licenses, with their license keys and, for Commercial Plus, the private package feed credentials.',
        'Nothing is shipped: there are no physical goods.',
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'All sales are final. Because a license and its key are delivered and usable the moment the purchase completes, we do not offer refunds, in whole or in part, including for unused seats or the unused part of a subscription year.',
      ],
    },
    {
      heading: 'Returns',
      paragraphs: ['Digital licenses cannot be returned. If you bought the wrong plan, contact us before assigning seats and we will help you move to the plan you need.'],
    },
    {
      heading: 'Cancellation',
      paragraphs: [
        'You can cancel a subscription at any time from the billing portal in your account. Cancelling stops the next renewal; your licenses stay valid until the end of the year already paid for.',
      ],
    },
    {
      heading: 'Auto-renewal',
      paragraphs: [
        'Subscriptions renew automatically every year, for the same plan and number of seats, and are charged to the payment method on file unless you cancel before the renewal date. The renewal date is shown in the billing portal.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: [contact],
    },
  ],
}
