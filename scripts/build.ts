import { build } from 'vite'

/**
 * Builds the SPA, then the server entry the prerenderer uses, then prerenders the public pages.
 * The mode picks the configuration: `localstack` (default) reads .env.localstack; `production`
 * reads only the environment and stops when a value is missing.
 */
const mode = process.argv[2] ?? 'localstack'

await build({ mode, logLevel: 'warn' })
await build({ mode, logLevel: 'warn', build: { ssr: 'src/prerender/entry-server.tsx', outDir: 'dist-ssr' } })
await import('./prerender')
console.log(`Built dist/ (${mode})`)
