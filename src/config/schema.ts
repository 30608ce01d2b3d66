import * as v from 'valibot'

/**
 * Every deployment value the SPA reads, as Vite exposes it (VITE_ prefix).
 * The same schema checks the environment at build time (vite.config.ts) and at start (config.ts).
 */
const httpsUrl = v.pipe(v.string(), v.trim(), v.url(), v.startsWith('https://'))

export const publicEnvSchema = v.object({
  VITE_SITE_URL: httpsUrl,
  VITE_SUPPORT_EMAIL: v.pipe(v.string(), v.trim(), v.email()),
  VITE_DOCS_URL: httpsUrl,
  VITE_LICENSE_AGREEMENT_URL: httpsUrl,
})

export type PublicEnv = v.InferOutput<typeof publicEnvSchema>

export const publicEnvKeys = Object.keys(publicEnvSchema.entries) as (keyof PublicEnv)[]

/** Parses the environment; on failure the message names every missing or invalid variable. */
export function parsePublicEnv(env: Record<string, string | undefined>): PublicEnv {
  const result = v.safeParse(publicEnvSchema, env)
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const key = v.getDotPath(issue) ?? '(environment)'
    return env[key] === undefined || env[key] === '' ? `${key} is missing` : `${key} is invalid: ${issue.message}`
  })
  throw new Error(`Configuration error: ${problems.join('; ')}`)
}
