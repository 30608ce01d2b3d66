import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'
import checkFile from 'eslint-plugin-check-file'
import cycles from './scripts/lint/no-cycle.js'
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
          regex: `^(@/src/features/|(\\.\\./)+(features/)?)(${features.filter((other) => other !== feature).join('|')})(/|$)`,
          message: 'A feature never imports another feature: what two need goes to ui/ or api/.',
        },
      ]),
    })),
    {
      // Machines are pure statecharts: xstate, each other's helpers, the common floor, and types; no React, no I/O.
      files: ['machines/**'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: '^(?!xstate$|\\./|\\.\\./common/|@/common/|@/machines/)', message: 'Machines import only xstate, machines/, common/ and types (import type).', allowTypeImports: true },
            ],
          },
        ],
      },
    },
    {
      // Oracles are written from the spec, apart from the machines (issue 44, decision 0054): nothing
      // of a machine, types included, and no schema of the contract (the machines check input with them).
      // The forms' rules the oracles share are held to the same.
      files: ['testkit/flows/*/*.oracle.ts', 'testkit/form-rules.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: '(^@/machines/|/machines/)', message: 'An oracle shares nothing with the machine it checks: declare the words it reads in the oracle.' },
              { regex: '^@/common/', importNamePattern: 'Schema$', message: "An oracle checks input by the spec's rules written in it, not by the contract's schema the machine uses." },
            ],
          },
        ],
      },
    },
  ]
}

/** What may not import server/local/: production code and its build. The local entry, tests/, testkit/, e2e/ (with playwright.config.ts) and scripts/ start the local stack. */
const notLocal = ['src', 'machines', 'common', 'server/!(local)/**', 'server/*', 'vite.config.ts']
/** A React component's file may be named like the component. */
const components = ['src/**/components/**/*.tsx', 'src/ui/**/*.tsx']
const KEBAB_CASE = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))'
const PASCAL_CASE = '+([A-Z])*([a-z0-9])*([A-Z]*([a-z0-9]))'
const CAMEL_CASE = '+([a-z])*([a-z0-9])*([A-Z]*([a-z0-9]))'
const fileNames = (pattern) => ({ 'check-file/filename-naming-convention': ['error', { '**/*': pattern }, { ignoreMiddleExtensions: true }] })

/** The rooms of the whole house (docs/architecture.md): which folder may import which, no cycles, one way to name a file. */
function house() {
  const zone = (target, from, message, except) => ({ target, from, message, ...(except && { except }) })
  return [
    {
      files: ['**/*.{ts,tsx,js,mjs,cjs}'],
      plugins: { 'import-x': importX, 'check-file': checkFile, cycles },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'], tsconfig: { configFile: 'tsconfig.json' } })],
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: import.meta.dirname,
            zones: [
              zone(notLocal, 'server/local', 'Only the local stack, tests/, testkit/, e2e/ and scripts/ import server/local/: production never does.'),
              zone(['src', 'machines'], 'server', 'src/ and machines/ never import server/: what both need goes to common/.'),
              zone('common', '.', 'common/ imports nothing of the app: only packages and other common/ files.', ['./common', './node_modules']),
              zone(['server', 'machines'], 'src', 'server/ and machines/ never import src/: what both need goes to common/.'),
              zone('server', 'machines', 'server/ never imports machines/: what both need goes to common/.'),
              zone('e2e', 'tests', 'e2e/ imports the test kit (testkit/), never the Vitest tree (tests/).'),
              zone('testkit', 'tests', 'testkit/ is shared with Playwright and the scripts: it never imports the Vitest tree (tests/).'),
            ],
          },
        ],
        // A relative import climbs one folder at most: past that, '@/…' names the path from the root.
        'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./){2,}', message: "An import that climbs two folders or more names its path from the root: '@/…'." }] }],
        // import-x's no-cycle lets a circle of type imports through: this one counts them (scripts/lint/no-cycle.js).
        'cycles/no-cycle': 'error',
        ...fileNames(KEBAB_CASE),
      },
    },
    { files: components, rules: fileNames(`@(${KEBAB_CASE}|${PASCAL_CASE})`) },
    // TanStack Router's file routes: __root, index, route, _pathless layouts and $param segments (named like the parameter).
    { files: ['src/routes/**'], rules: fileNames(`@(__root|?(_)${KEBAB_CASE}|$${CAMEL_CASE})`) },
  ]
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'dist-server/', '.local/', 'node_modules/', 'src/routeTree.gen.ts', 'test-results/', 'playwright-report/', 'bench-results/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React lives in the app and its component tests: the hooks' rules, a fifth of the lint's time
    // (they compile each function as React's compiler does), are not asked of the server, scripts or e2e.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
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
  ...house(),
)
