import { site } from '../content/site'

interface PageHeadInput {
  title: string
  description: string
  /** Canonical path; pages without one (404, errors) have no canonical address. A 404 status keeps them out of search results. */
  path: string | undefined
}

/** The head tags of one page: title, description, canonical address and Open Graph. */
export function pageHead({ title, description, path }: PageHeadInput) {
  const url = path === undefined ? undefined : new URL(path, site.url).href
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:site_name', content: site.name },
      { property: 'og:type', content: 'website' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:image', content: new URL('/og-image.png', site.url).href },
      { name: 'twitter:card', content: 'summary_large_image' },
      ...(url
        ? [
            { name: 'robots', content: 'index, follow' },
            { property: 'og:url', content: url },
          ]
        : []),
    ],
    links: url ? [{ rel: 'canonical', href: url }] : [],
  }
}
