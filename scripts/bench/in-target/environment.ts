/** A variable the bench gives its servers; a server without it stops and names it. */
export const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}

/** The production server's rate-limit variables (server/production-config.ts), else the defaults given. */
export const rateLimitsFromEnv = (defaults: { readsPerSecond: number; writesPerSecond: number; burst: number }) => {
  const limit = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback)
  return {
    readsPerSecond: limit('RATE_LIMIT_READS_PER_SECOND', defaults.readsPerSecond),
    writesPerSecond: limit('RATE_LIMIT_WRITES_PER_SECOND', defaults.writesPerSecond),
    burst: limit('RATE_LIMIT_BURST', defaults.burst),
  }
}
