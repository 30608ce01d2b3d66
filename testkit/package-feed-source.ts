import { loadEnv } from 'vite'

/**
 * The package feed the app is built with (`VITE_PACKAGE_FEED_URL` of .env.localstack), as a page
 * on `origin` shows it: read from the configuration, so a test expects what was configured.
 */
export function configuredFeedSource(origin: string): string {
  const configured = loadEnv('localstack', process.cwd(), 'VITE_').VITE_PACKAGE_FEED_URL
  if (!configured) throw new Error('.env.localstack sets no VITE_PACKAGE_FEED_URL')
  return new URL(configured, origin).href
}
