import type { PublicEnv } from '@/common/config-schema'

/**
 * The deployment configuration. vite.config.ts validates these values with the schema when the
 * app is built or served and stops on a missing or bad one, so the browser receives only checked
 * constants and carries no validation code of its own.
 */
export const config: PublicEnv = {
  VITE_SITE_URL: import.meta.env.VITE_SITE_URL,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL,
  VITE_DOCS_URL: import.meta.env.VITE_DOCS_URL,
  VITE_LICENSE_AGREEMENT_URL: import.meta.env.VITE_LICENSE_AGREEMENT_URL,
  VITE_PACKAGE_FEED_URL: import.meta.env.VITE_PACKAGE_FEED_URL,
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
  VITE_AUTH_CLIENT_ID: import.meta.env.VITE_AUTH_CLIENT_ID,
  VITE_AUTH_AUTHORITY_BASE: import.meta.env.VITE_AUTH_AUTHORITY_BASE,
  VITE_AUTH_KNOWN_AUTHORITIES: import.meta.env.VITE_AUTH_KNOWN_AUTHORITIES ?? '',
  VITE_AUTH_SIGN_IN_POLICY: import.meta.env.VITE_AUTH_SIGN_IN_POLICY,
  VITE_AUTH_PASSWORD_RESET_POLICY: import.meta.env.VITE_AUTH_PASSWORD_RESET_POLICY,
  VITE_AUTH_SCOPE_READ: import.meta.env.VITE_AUTH_SCOPE_READ,
  VITE_AUTH_SCOPE_WRITE: import.meta.env.VITE_AUTH_SCOPE_WRITE,
  VITE_STRIPE_PUBLISHABLE_KEY: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY,
}

/** Resolves a configured address that may be a path on the site's own origin. */
export function resolveAddress(addressOrPath: string, origin = window.location.origin): string {
  return new URL(addressOrPath, origin).href.replace(/\/$/, '')
}
