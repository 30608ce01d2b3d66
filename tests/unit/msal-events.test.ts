import { EventType, type AccountInfo, type EventMessage } from '@azure/msal-browser'
import { describe, expect, it } from 'vitest'
import { toSignedInAccount } from '../../src/auth/accounts'
import { translateMsalEvent } from '../../src/auth/auth-actors'

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
