import pino from 'pino'

/**
 * The server's log: JSON lines on standard output (LOG_LEVEL, default info). Never a token, a key
 * or a secret: request lines carry the method, the path without its query, the status and the
 * caller's oid (server/http/request-log.ts).
 */
// An unknown LOG_LEVEL would stop pino as this module loads; production's settings refuse it in words.
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const level = logLevels.find((known) => known === process.env.LOG_LEVEL) ?? 'info'

/**
 * Lines are written in batches of about 4 KB, at the latest every quarter second, and at once when
 * the process exits: a write per request was a system call per request, a tenth of the API's time
 * under load (decision 0018).
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 })

export const log = pino(
  {
    level,
    base: { service: 'prism-portal' },
    redact: { paths: ['*.authorization', '*.cookie', '*.password', '*.licenseKey', '*.secret', '*.token'], censor: '[redacted]' },
  },
  destination,
)

/**
 * The request log's own logger, to the same lines: the fields of a request line are fixed (its id,
 * method, path without the query or an invitation's secret, status, duration and oid) and none can hold a secret, so they skip
 * the redaction every other line passes through, a sixth of the log's time per request (decision 0027).
 */
export const requestLogger = pino({ level, base: { service: 'prism-portal' } }, destination)
