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
  },
})
