import { createRouter } from '@tanstack/react-router'
import { RouteErrorView } from './features/marketing/components/ErrorView'
import { NotFoundView } from './features/marketing/components/NotFoundView'
import { routeTree } from './routeTree.gen'

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
