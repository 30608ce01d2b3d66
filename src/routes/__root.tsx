import { type ReactNode, useEffect } from 'react'
import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { AuthLoader } from '../auth/lazy-auth'
import { MantineProvider } from '@mantine/core'
import { pageMeta } from '../content/pages'
import { RouteErrorView } from '../ui/site/ErrorView'
import { NotFoundView } from '../ui/site/NotFoundView'
import { pageHead } from '../ui/page-head'
import { colorSchemeManager, cssVariablesResolver, theme } from '../ui/theme'
import '../ui/styles'

/** What every route can reach: the sign-in code, loaded on first use. */
export interface RouterContext {
  auth: AuthLoader
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The fallback head is the not-found page's; every page route sets its own.
  head: () => pageHead(pageMeta.notFound),
  component: () => (
    <Providers>
      <Outlet />
    </Providers>
  ),
  notFoundComponent: NotFoundView,
  // An error in the root itself replaces its component, so the providers come along.
  errorComponent: (props) => (
    <Providers>
      <RouteErrorView {...props} />
    </Providers>
  ),
})

function Providers({ children }: { children: ReactNode }) {
  // Marks the page as answering clicks (the prerendered pages' inline script marks them too).
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
      <HeadContent />
      {children}
    </MantineProvider>
  )
}
