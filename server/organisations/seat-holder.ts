/**
 * Who holds a seat (issue 30): once its holder has signed in, the identity it is bound to (the
 * token's `oid`), and nobody else whose token carries the same email; before that, whoever signs
 * in with the email it was assigned to, unless the tenant says that email is not verified.
 */
export interface Holder {
  oid: string
  email: string
  emailVerified: boolean | null
}

/**
 * SQL: the seat under `alias` is the person's, the parameters holding their oid, email and
 * `email_verified` (null when the tenant sends none).
 */
export const heldBySql = (alias: string, oid: string, email: string, verified: string) =>
  `(${alias}.holder_oid = ${oid} or (${alias}.holder_oid is null and ${alias}.assignee_email is not null and lower(${alias}.assignee_email) = lower(${email}) and ${verified}::boolean is not false))`

/** The parameters of heldBySql, in its order. */
export const holderParams = (holder: Holder) => [holder.oid, holder.email, holder.emailVerified]

/** Whether a seat read already is the person's (heldBySql's rule in JavaScript). */
export function holds(holder: Holder, seat: { holderOid: string | null; holderEmail: string | null }): boolean {
  if (seat.holderOid !== null) return seat.holderOid === holder.oid
  return seat.holderEmail !== null && seat.holderEmail.toLowerCase() === holder.email.toLowerCase() && holder.emailVerified !== false
}
