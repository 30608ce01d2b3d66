/**
 * The policies' titles and descriptions, apart from their text: page titles need them on every
 * page, the text only on its own page.
 */
export const policyMeta = {
  privacy: {
    title: 'Privacy Policy',
    description: 'What personal information Prism collects, why, how long we keep it, and the choices you have.',
  },
  fulfillment: {
    title: 'Fulfillment Policy',
    description: 'How Prism licenses are delivered, renewed and cancelled, and why purchases are not refundable.',
  },
} as const
