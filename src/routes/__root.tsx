import type { ReactNode } from 'react'
import { HeadContent, Outlet, createRootRoute } from '@tanstack/react-router'
import { MantineProvider } from '@mantine/core'
import { pageMeta } from '../content/pages'
import { RouteErrorView } from '../features/marketing/components/ErrorView'
import { NotFoundView } from '../features/marketing/components/NotFoundView'
import { pageHead } from '../ui/page-head'
import { colorSchemeManager, cssVariablesResolver, theme } from '../ui/theme'
import '../ui/styles'

export const Route = createRootRoute({
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
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
      <HeadContent />
      {children}
    </MantineProvider>
  )
}
