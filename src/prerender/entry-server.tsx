import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import { createAppRouter } from '../router'

export async function render(url: string) {
  const handler = createRequestHandler({ request: new Request(url), createRouter: createAppRouter })
  const response = await handler(({ responseHeaders, router }) =>
    renderRouterToString({ responseHeaders, router, children: <RouterServer router={router} /> }),
  )
  return { status: response.status, html: await response.text() }
}
