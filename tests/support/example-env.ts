import { loadEnv } from 'vite'

/** The SPA's settings as a deployment gives them: every `VITE_*` value set, with full https addresses (docs/configuration.md). */
export const deployedPublicEnv = {
  VITE_SITE_URL: 'https://www.example.com',
  VITE_SUPPORT_EMAIL: 'support@example.com',
  VITE_DOCS_URL: 'https://docs.example.com',
  VITE_LICENSE_AGREEMENT_URL: 'https://cdn.example.com/license.pdf',
  VITE_PACKAGE_FEED_URL: 'https://nuget.example.com/v3/index.json',
  VITE_API_BASE_URL: 'https://accounts.example.com/api',
  VITE_AUTH_CLIENT_ID: '00000000-0000-0000-0000-000000000000',
  VITE_AUTH_AUTHORITY_BASE: 'https://example.b2clogin.com/example.onmicrosoft.com',
  VITE_AUTH_KNOWN_AUTHORITIES: 'example.b2clogin.com',
  VITE_AUTH_SIGN_IN_POLICY: 'B2C_1_susi',
  VITE_AUTH_PASSWORD_RESET_POLICY: 'B2C_1_reset',
  VITE_AUTH_SCOPE_READ: 'https://example.onmicrosoft.com/api/accounts.read',
  VITE_AUTH_SCOPE_WRITE: 'https://example.onmicrosoft.com/api/accounts.write',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc123',
}

/** The values of .env.localstack whose names start with the prefix, as the local stack reads them (Vite's loadEnv). */
export const localStackEnv = (prefix: string) => loadEnv('localstack', process.cwd(), prefix)
