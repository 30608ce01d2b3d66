/**
 * The site's public origin that links in mail point to. Mail is composed when it is queued, in the
 * transaction of the change that causes it, where only the database is at hand: the origin is the
 * process's, set once at start (production: PUBLIC_ORIGIN; the local stack: its own origin) by
 * startMail. Until then it is the local stack's default origin, which the API tests use too.
 */
let origin = 'https://localhost:5173'

export function setMailSiteOrigin(siteOrigin: string): void {
  origin = new URL(siteOrigin).origin
}

export const mailSiteOrigin = () => origin
