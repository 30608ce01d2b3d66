import { build, loadEnv } from 'vite'
import { parsePublicEnv } from '../src/config/schema'
import { writeSiteHeaders } from './site-headers'

/**
 * Builds the SPA, then the server entry the prerenderer uses, then prerenders the public pages and
 * writes their security headers. The mode picks the configuration: `localstack` (default) reads
 * .env.localstack; `production` reads only the environment and stops when a value is missing.
 */
const mode = process.argv[2] ?? 'localstack'

await build({ mode, logLevel: 'warn' })
await build({ mode, logLevel: 'warn', build: { ssr: 'src/prerender/entry-server.tsx', outDir: 'dist-ssr' } })
await import('./prerender')
writeSiteHeaders('dist', parsePublicEnv(loadEnv(mode, process.cwd(), 'VITE_')))
console.log(`Built dist/ (${mode})`)
