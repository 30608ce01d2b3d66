import type { Server } from 'node:http'

/**
 * Keeps idle connections open for 65 s instead of Node's 5 s. A proxy (production) or a browser (the
 * local stack) reuses an idle connection for longer than 5 s; a request sent just as the server closes
 * it fails, and Chromium, after retrying on other connections closed at the same moment, reports
 * net::ERR_TOO_MANY_RETRIES.
 */
export function keepIdleConnectionsOpen(server: Server) {
  server.keepAliveTimeout = 65_000
}
