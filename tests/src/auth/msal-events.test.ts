// @vitest-environment happy-dom
import { EventType, ProtocolMode, type AccountInfo, type EventMessage } from '@azure/msal-browser'
import { describe, expect, it } from 'vitest'
import { toSignedInAccount } from '@/src/auth/accounts'
import { translateMsalEvent } from '@/src/auth/auth-actors'
import { createMsalClient, msalConfiguration } from '@/src/auth/msal-client'
import { policyOfClaims, readAuthSettings, type AuthSettings } from '@/src/auth/settings'

const message = (eventType: EventMessage['eventType']): EventMessage => ({ eventType, interactionType: null, payload: null, error: null, timestamp: 0, correlationId: 'c' })

describe("MSAL's events as the auth machine sees them", () => {
  it('passes on a sign-out, which MSAL also sends to the other tabs', () => {
    expect(translateMsalEvent(message(EventType.LOGOUT_SUCCESS))).toEqual({ type: 'msal.logout.success' })
  })

  it('keeps no raw token of the account, only its claims', () => {
    const account = { homeAccountId: 'h', localAccountId: 'l', environment: 'e', tenantId: 't', username: '', idToken: 'eyJhbGciOi.eyJzdWIiOi.sig', idTokenClaims: { oid: 'o' } } as AccountInfo
    expect(JSON.stringify(toSignedInAccount(account))).not.toContain('eyJ')
    expect(toSignedInAccount(account).idTokenClaims).toEqual({ oid: 'o' })
  })
})

const b2c: AuthSettings = {
  clientId: 'portal-client',
  authorities: { signUpSignIn: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_susi', passwordReset: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_reset' },
  knownAuthorities: ['contoso.b2clogin.com'],
  scopes: { read: 'https://contoso.onmicrosoft.com/api/accounts.read', write: 'https://contoso.onmicrosoft.com/api/accounts.write' },
  redirectUri: 'https://portal.example.com/',
  bridgeRedirectUri: 'https://portal.example.com/auth/redirect.html',
}

describe('MSAL’s settings, the same for a tenant and for the local provider', () => {
  it('use MSAL’s default protocol mode (AAD, as B2C needs), the sign-in authority and the known authorities [S2.redirect-addresses]', () => {
    expect(msalConfiguration(b2c)).toEqual({
      auth: {
        clientId: 'portal-client',
        authority: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_susi',
        knownAuthorities: ['contoso.b2clogin.com'],
        redirectUri: 'https://portal.example.com/',
        postLogoutRedirectUri: 'https://portal.example.com/',
      },
      cache: { cacheLocation: 'localStorage' },
    })
    expect(createMsalClient(b2c).getConfiguration().system.protocolMode).toBe(ProtocolMode.AAD)
  })

  it('point the local stack at /idp/<policy> on the site, its own host the only known authority', () => {
    const local = readAuthSettings('https://localhost:5173')
    expect(local.authorities).toEqual({ signUpSignIn: 'https://localhost:5173/idp/B2C_1_susi', passwordReset: 'https://localhost:5173/idp/B2C_1_reset' })
    expect(local.knownAuthorities).toEqual(['localhost:5173'])
    expect(createMsalClient(local).getConfiguration().system.protocolMode).toBe(ProtocolMode.AAD)
  })

  it('tell the policy that issued a token from tfp or acr; with one authority (Entra External ID) it is always sign-in', () => {
    expect(policyOfClaims({ tfp: 'B2C_1_reset' }, b2c)).toBe('passwordReset')
    expect(policyOfClaims({ acr: 'b2c_1_reset' }, b2c)).toBe('passwordReset')
    expect(policyOfClaims({ tfp: 'B2C_1_susi' }, b2c)).toBe('signUpSignIn')
    const externalId = {
      ...b2c,
      authorities: { signUpSignIn: 'https://contoso.ciamlogin.com/3f6c8a1e-0b2d-4c5e-9f70-123456789abc', passwordReset: 'https://contoso.ciamlogin.com/3f6c8a1e-0b2d-4c5e-9f70-123456789abc' },
    }
    expect(policyOfClaims({ tfp: '3f6c8a1e-0b2d-4c5e-9f70-123456789abc' }, externalId)).toBe('signUpSignIn')
  })
})
