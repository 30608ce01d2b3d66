import { writeFileSync } from 'node:fs'
import { build, loadEnv, type Rollup } from 'vite'
import { parsePublicEnv } from '../common/config-schema'
import { writeSiteHeaders } from './site-headers'
import { buildProductionServer } from './production-server-build'

/**
 * Builds the SPA, then the server entry the prerenderer uses and the prerendered pages' inline
 * script (decision 0013), then prerenders the public pages and writes their security headers. The
 * mode picks the configuration: `localstack` (default) reads .env.localstack; `production` reads
 * only the environment and stops when a value is missing, and also compiles the production server
 * into dist-server/.
 */
const mode = process.argv[2] ?? 'localstack'

await build({ mode, logLevel: 'warn' })
await build({ mode, logLevel: 'warn', build: { ssr: 'src/prerender/entry-server.tsx', outDir: 'dist-ssr' } })
const inline = (await build({
  configFile: false,
  resolve: { tsconfigPaths: true },
  logLevel: 'warn',
  build: {
    write: false,
    copyPublicDir: false,
    minify: true,
    target: 'es2022',
    lib: { entry: 'src/public-page.ts', formats: ['iife'], name: 'prismPublicPage' },
  },
})) as Rollup.RollupOutput | Rollup.RollupOutput[]
writeFileSync('dist-ssr/public-page.js', (Array.isArray(inline) ? inline[0]! : inline).output[0].code)
await import('./prerender')
writeSiteHeaders('dist', parsePublicEnv(loadEnv(mode, process.cwd(), 'VITE_')))
console.log(`Built dist/ (${mode})`)

if (mode === 'production') {
  await buildProductionServer('dist-server')
  console.log('Built dist-server/ (npm run start:production, npm run db:migrate, npm run billing:reconcile)')
}
