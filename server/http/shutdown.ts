import type { Server } from 'node:http'
import { log } from '../log'

/**
 * On SIGTERM (and SIGINT): stop accepting connections, let the requests in flight finish (at most
 * `graceMs`), close idle keep-alive connections, then run `cleanUp` (the database pool) and exit 0.
 * `draining` says whether that has begun (the readiness check answers 503 from then on).
 */
export function closeGracefully(server: Server, cleanUp: () => Promise<void>, graceMs = 20_000) {
  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down: finishing the requests in flight')
    const drained = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    // A connection that becomes idle after its last answer is closed too.
    const idle = setInterval(() => server.closeIdleConnections(), 250)
    const late = setTimeout(() => {
      log.warn({ graceMs }, 'requests still running at the end of the grace period: closing them')
      server.closeAllConnections()
    }, graceMs)
    await drained
    clearInterval(idle)
    clearTimeout(late)
    await cleanUp().catch((error: unknown) => log.error({ err: error }, 'clean-up failed'))
    log.info('stopped')
    process.exit(0)
  }
  process.once('SIGTERM', () => void close('SIGTERM'))
  process.once('SIGINT', () => void close('SIGINT'))
  return { draining: () => closing }
}
