import * as v from 'valibot'
import { loadEnv } from 'vite'

const spaAuthSchema = v.object({
  VITE_AUTH_CLIENT_ID: v.pipe(v.string(), v.nonEmpty()),
  VITE_AUTH_SIGN_IN_POLICY: v.pipe(v.string(), v.nonEmpty()),
  VITE_AUTH_PASSWORD_RESET_POLICY: v.pipe(v.string(), v.nonEmpty()),
  VITE_AUTH_SCOPE_READ: v.pipe(v.string(), v.endsWith('/accounts.read')),
})

/**
 * The local identity provider's policies, client id and API scopes, taken from the SPA's own
 * settings (.env.localstack, where the environment overrides a value as Vite does), so renaming a
 * policy or a scope changes both sides at once.
 */
export function spaAuthSettings(env: Record<string, string> = loadEnv('localstack', process.cwd(), 'VITE_')) {
  const result = v.safeParse(spaAuthSchema, env)
  if (!result.success) throw new Error(`Invalid sign-in configuration: ${result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`).join('; ')}`)
  const { VITE_AUTH_CLIENT_ID, VITE_AUTH_SIGN_IN_POLICY, VITE_AUTH_PASSWORD_RESET_POLICY, VITE_AUTH_SCOPE_READ } = result.output
  return {
    clientId: VITE_AUTH_CLIENT_ID,
    policies: { signUpSignIn: VITE_AUTH_SIGN_IN_POLICY, passwordReset: VITE_AUTH_PASSWORD_RESET_POLICY },
    apiScopeBase: VITE_AUTH_SCOPE_READ.slice(0, -'accounts.read'.length),
  }
}
