import { HeadContent, Outlet, createRootRoute } from '@tanstack/react-router'

export const Route = createRootRoute({
  head: () => ({ meta: [{ title: 'Prism' }, { name: 'description', content: 'root desc' }] }),
  component: () => (
    <>
      <HeadContent />
      <Outlet />
    </>
  ),
})
