import { resolveConfig } from 'vite'

/**
 * Writes src/routeTree.gen.ts, the route tree TanStack Router's plugin generates from src/routes/
 * (decision 0042). The file is not committed; `npm ci` runs this so that the type check, Vitest
 * and ESLint find it before any build. Resolving Vite's configuration runs the plugin's own
 * generator with vite.config.ts's options, exactly as a build or `npm run dev` does.
 */
await resolveConfig({ logLevel: 'warn' }, 'build', 'localstack')
