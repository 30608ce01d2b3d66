import { config } from '../config/config'

/** Who we are and where things live: the facts every public page reads. */
export const site = {
  name: 'Prism',
  tagline: 'Empower Your XAML Applications',
  summary: 'Prism is a framework for building loosely coupled, maintainable and testable XAML applications.',
  platforms: ['WPF', 'Uno Platform', '.NET MAUI', 'Xamarin.Forms'],
  url: config.VITE_SITE_URL,
  supportEmail: config.VITE_SUPPORT_EMAIL,
  documentationUrl: config.VITE_DOCS_URL,
  licenseAgreementUrl: config.VITE_LICENSE_AGREEMENT_URL,
  githubUrl: 'https://github.com/PrismLibrary/Prism',
} as const

/** Header links to the landing page's sections, in order. */
export const sectionLinks = [
  { label: 'Features', hash: 'features' },
  { label: 'Pricing', hash: 'pricing' },
  { label: 'Team', hash: 'team' },
  { label: 'Learn', hash: 'learn' },
] as const

export type SectionId = (typeof sectionLinks)[number]['hash']
