import pino from 'pino'

/**
 * The server's log: JSON lines on standard output (LOG_LEVEL, default info). Never a token, a key
 * or a secret: request lines carry the method, the path without its query, the status and the
 * caller's oid (server/http/request-log.ts).
 */
// An unknown LOG_LEVEL would stop pino as this module loads; production's settings refuse it in words.
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const level = logLevels.find((known) => known === process.env.LOG_LEVEL) ?? 'info'

export const log = pino({
  level,
  base: { service: 'prism-portal' },
  redact: { paths: ['*.authorization', '*.cookie', '*.password', '*.licenseKey', '*.secret', '*.token'], censor: '[redacted]' },
})
