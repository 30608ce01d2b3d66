import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
