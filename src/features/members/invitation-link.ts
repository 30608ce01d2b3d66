/**
 * An invitation's secret on its way from the mail's link to the page that shows the offer (issue
 * 48). The link carries it in the fragment, which browsers send to no server. Before anything
 * could send it on (the sign-in's state goes to the identity provider, and comes back in the
 * address), this tab keeps it in session storage under a random nonce, and the address names
 * only the nonce: `/account/invitations?link=<nonce>`.
 */
export const invitationsPath = '/account/invitations'

const keyOf = (nonce: string) => `prism.invitation.${nonce}`
const nonceShape = /^[\w-]{8,64}$/

/** Where an invitation's address can carry a secret: the fragment, or the last segment of links mailed before it moved there. */
interface Address {
  pathname: string
  hash: string
}

/** The secret an address carries, if it is an invitation's: `#<secret>`, or the old `/account/invitations/<secret>`. */
export function secretInAddress({ pathname, hash }: Address): string | null {
  const path = pathname.replace(/\/$/, '')
  if (path === invitationsPath) return hash.replace(/^#/, '') || null
  const old = path.startsWith(`${invitationsPath}/`) ? path.slice(invitationsPath.length + 1) : ''
  return old && !old.includes('/') ? decodeURIComponent(old) : null
}

/** Keeps the secret in this tab and answers the nonce that finds it again. */
export function keepInvitation(secret: string): string {
  const nonce = crypto.randomUUID()
  sessionStorage.setItem(keyOf(nonce), secret)
  return nonce
}

/** The secret kept under this nonce in this tab, or '' (the API then says the link is not complete). */
export function keptInvitation(nonce: string | undefined): string {
  if (!nonce || !nonceShape.test(nonce)) return ''
  return sessionStorage.getItem(keyOf(nonce)) ?? ''
}

/**
 * The address a sign-in comes back to, sent to the identity provider as its state: an
 * invitation's secret is kept in this tab and only its nonce goes; no fragment goes at all.
 */
export function signInReturnPath(location: Address & { searchStr: string }): string {
  const secret = secretInAddress(location)
  if (secret) return `${invitationsPath}?link=${keepInvitation(secret)}`
  return `${location.pathname}${location.searchStr}`
}
