import { randomBytes } from 'node:crypto'
import { secretDigest } from '../secret-digest'

/** A new invitation link's secret: 256 random bits, 43 base64url characters. Only its digest is kept. */
export const newInvitationSecret = () => randomBytes(32).toString('base64url')

export const invitationDigest = secretDigest

/**
 * The page of the SPA the invitation's link opens: it says what to accept once signed in, and
 * authenticates nobody. The secret is the fragment: browsers send it to no server, so no request
 * log, proxy or Referer holds it (issue 48).
 */
export const invitationLink = (origin: string, secret: string) => `${origin}/account/invitations#${secret}`
