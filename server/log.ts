import pino from 'pino'

/**
 * The server's log: JSON lines on standard output (LOG_LEVEL, default info). Never a token, a key
 * or a secret: request lines carry the method, the path without its query, the status and the
 * caller's oid (server/http/request-log.ts).
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: 'prism-portal' },
  redact: { paths: ['*.authorization', '*.cookie', '*.password', '*.licenseKey', '*.secret', '*.token'], censor: '[redacted]' },
})
