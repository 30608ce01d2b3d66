import { describe, expect, it } from 'vitest'
import { spaAuthSettings } from '@/server/local/identity/spa-auth-settings'
import { deployedPublicEnv } from '@/tests/support/example-env'

// Policies of other names than the local defaults, so that taking them from the environment shows.
const env = { ...deployedPublicEnv, VITE_AUTH_SIGN_IN_POLICY: 'B2C_1_signin_v2', VITE_AUTH_PASSWORD_RESET_POLICY: 'B2C_1_reset_v2' }

describe('the local identity provider’s sign-in settings', () => {
  it('follow the SPA’s: policies, client id and the API’s scope base', () => {
    expect(spaAuthSettings(env)).toEqual({
      clientId: '00000000-0000-0000-0000-000000000000',
      policies: { signUpSignIn: 'B2C_1_signin_v2', passwordReset: 'B2C_1_reset_v2' },
      apiScopeBase: 'https://example.onmicrosoft.com/api/',
    })
  })

  it('are the local defaults of .env.localstack when the environment sets none', () => {
    expect(spaAuthSettings()).toMatchObject({ clientId: 'prism-spa-local', policies: { signUpSignIn: 'B2C_1_susi', passwordReset: 'B2C_1_reset' } })
  })

  it('name the variable that is missing or wrong', () => {
    expect(() => spaAuthSettings({ ...env, VITE_AUTH_SIGN_IN_POLICY: '' })).toThrow(/VITE_AUTH_SIGN_IN_POLICY/)
    expect(() => spaAuthSettings({ ...env, VITE_AUTH_SCOPE_READ: 'https://contoso.onmicrosoft.com/portal-api/read' })).toThrow(/VITE_AUTH_SCOPE_READ/)
  })
})
