import { createRouter } from '@tanstack/react-router'
import { createAuthLoader } from './auth/lazy-auth'
import { RouteErrorView } from './ui/site/ErrorView'
import { NotFoundView } from './ui/site/NotFoundView'
import { routeTree } from './routeTree.gen'

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter() {
  const router = createRouter({
    routeTree,
    context: { auth: createAuthLoader((path) => void router.navigate({ href: path, replace: true })) },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
