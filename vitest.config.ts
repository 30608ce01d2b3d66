import { defineConfig } from 'vitest/config'
import { loadEnv } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Unit tests see the local stack's configuration, as the built app does.
    env: loadEnv('localstack', process.cwd(), 'VITE_'),
    restoreMocks: true,
    // Each API test file starts its own PGlite (PostgreSQL in WebAssembly): a few seconds on 2 cores.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
})
