/**
 * Video courses on Prism by Brian Lagunas. Where a course's own address is not known,
 * the link goes to the author's course listing.
 */
const authorListing = 'https://www.pluralsight.com/authors/brian-lagunas'

export const courses = [
  {
    title: 'Introduction to Prism 7 for WPF',
    text: 'Build a modular WPF application from the first module to navigation and dialogs.',
    href: 'https://www.pluralsight.com/courses/prism-wpf-introduction',
  },
  {
    title: 'Prism Problems & Solutions: Mastering Prism Navigation',
    text: 'Parameters, journals and confirmation: navigation patterns for real applications.',
    href: authorListing,
  },
  {
    title: 'Prism Problems & Solutions: Showing Multiple Shells',
    text: 'Open several windows, each with its own regions, without losing track of state.',
    href: authorListing,
  },
  {
    title: 'Prism Problems & Solutions: Loading Modules Based on User Roles',
    text: 'Decide at run time which modules a user gets, and load them securely.',
    href: authorListing,
  },
  {
    title: 'Introduction to Prism',
    text: 'The ideas behind Prism: composite applications, regions, modules and commands.',
    href: authorListing,
  },
] as const
