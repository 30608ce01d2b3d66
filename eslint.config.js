import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'dist-server/', '.local/', 'node_modules/', 'src/routeTree.gen.ts', 'test-results/', 'playwright-report/', 'bench-results/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Scripts the local stack serves to the browser.
    files: ['server/**/assets/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // The local stack, scripts and benchmarks report to the terminal.
    files: ['server/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Every actor of the app goes through the inspection seam (live inspection and the statechart viewer in development).
    files: ['src/**'],
    ignores: ['src/devtools/inspection.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'xstate', importNames: ['createActor'], message: 'Use createAppActor from src/devtools/inspection.ts, so the actor can be inspected.', allowTypeImports: true },
            { name: '@xstate/react', importNames: ['useActorRef', 'useMachine'], message: 'Use useAppActorRef from src/devtools/inspection.ts, so the actor can be inspected.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Machines are pure statecharts: no React, no I/O libraries.
    files: ['machines/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', '@azure/*', '@stripe/*', '@mantine/*', '../src/**'], allowTypeImports: true }] },
      ],
    },
  },
)
