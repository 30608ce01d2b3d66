import { expect } from 'vitest'
import { person, type Api } from './api-harness'

/** The secret of the newest invitation link mailed to the address (from the outbox's text). */
export async function mailedSecret(api: Api, email: string): Promise<string> {
  const [mail] = await api.db.query<{ text: string }>("select text from mail_outbox where lower(recipient) = lower($1) and purpose = 'invitation' order by created_at desc limit 1", [email])
  const secret = /\/account\/invitations#([\w-]{43})/.exec(mail?.text ?? '')?.[1]
  if (!secret) throw new Error(`No invitation was mailed to ${email}`)
  return secret
}

/** Signs a person in as the SPA does at the start of a session (their account made, their seats bound); `oid` another identity of theirs. */
export async function signIn(api: Api, email: string, options: { oid?: string; claims?: Record<string, unknown> } = {}) {
  const oid = options.oid ?? person(email)?.oid ?? `oid-${email}`
  const bearer = await api.token(email, { oid, claims: options.claims })
  const answer = await api.callWith(bearer, 'POST', '/auth/login', { firstName: 'New', lastName: 'Member', email, oid })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return bearer
}

/**
 * The owner invites the person to the role; the person signs in and accepts through the mailed
 * link, as they would in the portal. Answers the invitation's id.
 */
export async function join(api: Api, owner: string, email: string, role: 'owner' | 'billing-manager' | 'seat-manager') {
  const invited = await api.call(owner, 'POST', '/organisation/invitations', { email, role })
  expect(invited.status, JSON.stringify(invited.body)).toBe(201)
  await signIn(api, email)
  const accepted = await api.call(email, 'POST', '/invitations/accept', { secret: await mailedSecret(api, email) })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return invited.body.id as string
}

/** The organisation's activity, newest first, without ids and times. */
export async function organisationActivity(api: Api, viewer: string) {
  const answer = await api.call(viewer, 'GET', '/account/activity?limit=100')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body.entries as Record<string, unknown>[]).map(({ id: _id, at: _at, ...entry }) => entry)
}
