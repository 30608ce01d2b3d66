import { errors, read } from '../protocol'
import { listEvents, loadEvent } from '../store'
import type { Route } from './router'

/** The events the sandbox recorded (and delivers as webhooks). */

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/events/:id',
    handler: (call) =>
      call.run(async (ctx) => {
        const event = await loadEvent(ctx.q, call.path.id!)
        if (!event) throw errors.missing('event', call.path.id!)
        return event
      }),
  },
  {
    method: 'GET',
    path: '/events',
    handler: (call) => call.run((ctx) => listEvents(ctx.q, { type: read.string(call.params, 'type') }, call.page())),
  },
]
