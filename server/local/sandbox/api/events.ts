import { errors, read } from '../protocol'
import { listEvents, loadEvent } from '../store'
import { route, type Route } from './router'

/** The events the sandbox recorded (and delivers as webhooks). */

export const eventRoutes: Route[] = [
  route('GET', '/events/:id', async (ctx, call) => {
    const event = await loadEvent(ctx.q, call.path.id!)
    if (!event) throw errors.missing('event', call.path.id!)
    return event
  }),
  route('GET', '/events', (ctx, call) => listEvents(ctx.q, { type: read.string(call.params, 'type') }, call.page())),
]
