import { describe, expect, it } from 'vitest'
import { signInStarted, tokenOf } from '@/src/auth/auth.select'
import { cara, startup } from '@/testkit/flows/auth/auth.model'
import { neverAnswers, startedWith } from '@/testkit/flows/auth/auth.started'

/** The sign-in flow after startup, signed in as Cara; the interactive calls never answer (the page would be leaving). */
const signedIn = async () => (await startedWith(startup({ activeAccount: cara, accounts: [cara] }), { login: neverAnswers, acquireTokenInteractive: neverAnswers })).actor

describe('asking the sign-in flow to sign in again for a token', () => {
  it('has started when the flow is on its way to the tenant', async () => {
    const actor = await signedIn()
    actor.send({ type: 'token.request', interactionType: 'redirect', scopes: ['accounts.read'] })
    expect(signInStarted(actor.getSnapshot())).toEqual({ started: true })
  })

  it("has not started while another sign-in runs, with the spec's message", async () => {
    const actor = await signedIn()
    actor.send({ type: 'login.request', interactionType: 'redirect' })
    actor.send({ type: 'token.request', interactionType: 'redirect', scopes: ['accounts.read'] })
    expect(signInStarted(actor.getSnapshot())).toEqual({ started: false, reason: 'Cannot fall back to interaction because another interaction is in progress' })
  })

  it('has not started, for a reason of its own, when the flow neither left nor said why', async () => {
    expect(signInStarted((await signedIn()).getSnapshot())).toEqual({ started: false, reason: 'The sign-in could not start' })
  })
})

describe("the token flow's answer, as the API client takes it", () => {
  it('is the token when one was acquired', () => {
    expect(tokenOf({ status: 'acquired', accessToken: 'eyJ.access' })).toEqual({ token: 'eyJ.access' })
  })

  it('is no token, saying whether the page is leaving to sign in again', () => {
    expect(tokenOf({ status: 'redirecting' })).toEqual({ token: null, redirecting: true })
    expect(tokenOf({ status: 'failed', message: 'Could not acquire access token' })).toEqual({ token: null, redirecting: false })
  })
})
