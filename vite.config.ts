import { defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { parsePublicEnv } from './common/config-schema.ts'
import { statechartsCoverage } from './scripts/statecharts-coverage-plugin.ts'

// `localstack` (npm start, npm test) reads .env.localstack; `production` reads only the real environment.
export default defineConfig(({ mode, isSsrBuild }) => {
  parsePublicEnv(loadEnv(mode, process.cwd(), 'VITE_'))
  return {
    // The statecharts page's coverage (development server only: scripts/statecharts-coverage-plugin.ts).
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: false }), react(), statechartsCoverage()],
    build: {
      manifest: !isSsrBuild,
      // The app, and the tiny page that sign-in frames and popups land on.
      rollupOptions: isSsrBuild ? {} : { input: { main: 'index.html', redirect: 'auth/redirect.html' } },
      sourcemap: false,
      // Every browser the site supports preloads modules natively; the polyfill only costs bytes on /.
      modulePreload: { polyfill: false },
      target: 'es2022',
    },
    // '@/…' is the project's root, as tsconfig.json's paths say: imports that would climb two folders or more.
    resolve: { tsconfigPaths: true },
    server: { port: 5173 },
    // The dev tools' libraries (development only, loaded with a dynamic import): bundled at start,
    // so the first visit to /__statecharts or ?inspect does not make Vite reload the page.
    optimizeDeps: { include: ['mermaid', '@statelyai/inspect'] },
  }
})
