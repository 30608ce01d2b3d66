import type { Server } from 'node:http'

/**
 * Keeps idle connections open for 65 s instead of Node's 5 s: a proxy (production) or a browser (the
 * local stack) keeps an idle connection for longer, and one the server closes first can be reused
 * for a request just as it closes, which then fails.
 */
export function keepIdleConnectionsOpen(server: Server) {
  server.keepAliveTimeout = 65_000
}
