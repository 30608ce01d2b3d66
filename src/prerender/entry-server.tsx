import { RouterServer, createRequestHandler, renderRouterToString } from '@tanstack/react-router/ssr/server'
import { createAppRouter } from '../router'

export { publicPaths } from '../content/pages'
export const siteUrl = new URL(import.meta.env.VITE_SITE_URL).origin

/** Renders one address of the app to HTML: the prerendered page (decision 0013: not hydrated). */
export async function render(url: string): Promise<{ status: number; html: string }> {
  const handler = createRequestHandler({ request: new Request(url), createRouter: createAppRouter })
  const response = await handler(({ responseHeaders, router }) => renderRouterToString({ responseHeaders, router, children: <RouterServer router={router} /> }))
  return { status: response.status, html: await response.text() }
}
