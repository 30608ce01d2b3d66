import { policyMeta } from './policy-meta'
import { site } from './site'

/** Title and description of each public page, for search engines and link previews. */
export const pageMeta = {
  home: {
    path: '/',
    title: 'Prism – Empower Your XAML Applications',
    description: `${site.summary} Annual per-developer licenses for ${site.platforms.join(', ')}.`,
  },
  privacy: { path: '/privacy', title: `${policyMeta.privacy.title} – Prism`, description: policyMeta.privacy.description },
  fulfillment: {
    path: '/fulfillment',
    title: `${policyMeta.fulfillment.title} – Prism`,
    description: policyMeta.fulfillment.description,
  },
  notFound: { path: undefined, title: 'Page not found – Prism', description: 'The page you are looking for does not exist.' },
  error: { path: undefined, title: 'Unexpected Application Error! – Prism', description: 'Something went wrong.' },
} as const

/** The public pages that are prerendered and listed in the sitemap. */
export const publicPaths = [pageMeta.home.path, pageMeta.privacy.path, pageMeta.fulfillment.path]

/** The account area's title, until a page of it names itself. */
export const accountAreaTitle = 'Your account – Prism'
