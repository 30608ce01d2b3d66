import { createFileRoute } from '@tanstack/react-router'
import { pageMeta } from '../content/pages'
import { LandingPage } from '../features/marketing/components/LandingPage'
import { hasSignInAnswer } from '../auth/lazy-auth'
import { pageHead } from '../ui/page-head'

export const Route = createFileRoute('/')({
  head: () => pageHead(pageMeta.home),
  // The identity provider answers at the site root: load the sign-in code only then, and let it
  // finish the sign-in and return to the page first asked for.
  beforeLoad: ({ context, location }) => {
    if (typeof window !== 'undefined' && hasSignInAnswer(location)) void context.auth.load()
  },
  component: LandingPage,
})
