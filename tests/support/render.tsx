import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, type AnyRoute } from '@tanstack/react-router'
import { theme } from '@/src/ui/theme'

/**
 * Renders routes inside Mantine (test mode: no transitions, no portals) and a memory router.
 * Give it child routes of `root` (made with `createRoute({ getParentRoute: () => root, ... })`).
 */
export function renderWithRouter(buildRoutes: (root: AnyRoute) => AnyRoute[], initialPath = '/') {
  const root = createRootRoute({
    component: () => (
      <MantineProvider theme={theme} env="test">
        <Outlet />
      </MantineProvider>
    ),
  })
  const router = createRouter({
    routeTree: root.addChildren(buildRoutes(root)),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  })
  return { router, ...render(<RouterProvider router={router} />) }
}

/** A single page component at '/'. */
export function renderPage(page: () => ReactNode, path = '/') {
  return renderWithRouter((root) => [createRoute({ getParentRoute: () => root, path, component: page })], path)
}
