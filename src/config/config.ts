import type { PublicEnv } from './schema'

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
}
