import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/** Imports of app code that must come through the inspection seam, so every actor can be inspected. */
const appActorPaths = [
  { name: 'xstate', importNames: ['createActor'], message: 'Use createAppActor from src/ui/app-actors.ts, so the actor can be inspected.', allowTypeImports: true },
  { name: '@xstate/react', importNames: ['useActorRef', 'useMachine'], message: 'Use useAppActorRef from src/ui/app-actors.ts, so the actor can be inspected.', allowTypeImports: true },
]
const noDevtools = { regex: '(^|/)devtools(/|$)', message: 'Production code never imports devtools/ (the dev tools load themselves in development).' }
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { paths: appActorPaths, patterns }] })

/** One block per layer of src/: each names what its files may not import. */
function layering() {
  return [
    { files: ['src/**'], ignores: ['src/devtools/**'], rules: restrict([noDevtools]) },
    { files: ['src/devtools/**'], rules: restrict([]) },
    {
      files: ['src/ui/**'],
      rules: restrict([noDevtools, { regex: '(^|/)features(/|$)', message: 'ui/ never imports a feature: move what a feature and ui/ share into ui/.' }]),
    },
    // The seam itself creates the actors.
    { files: ['src/ui/app-actors.ts'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
    ...features.map((feature) => ({
      files: [`src/features/${feature}/**`],
      rules: restrict([
        noDevtools,
        {
          regex: `^(\\.\\./)+(features/)?(${features.filter((other) => other !== feature).join('|')})(/|$)`,
          message: 'A feature never imports another feature: what two need goes to ui/ or api/.',
        },
      ]),
    })),
    {
      // Machines are pure statecharts: xstate, each other's helpers, and types; no React, no I/O.
      files: ['machines/**'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { patterns: [{ regex: '^(?!xstate$|\\./)', message: 'Machines import only xstate, machines/ and types (import type).', allowTypeImports: true }] },
        ],
      },
    },
  ]
}

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
  // The layering of docs/architecture.md (shared/docs): dependencies point one way.
  ...layering(),
)
