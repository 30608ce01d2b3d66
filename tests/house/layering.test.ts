import { ESLint } from 'eslint'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The layering of the architecture is ESLint's to enforce: each rule refuses its violation.
const eslint = new ESLint()
const problemsOf = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((message) => message.message)

/** A real file of a room, found rather than named, so the cases outlive the files' moves. */
const fileIn = (room: string): string => {
  const entries = readdirSync(room, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))
  const file = entries.find((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  if (file) return join(room, file.name)
  return fileIn(join(room, entries.find((entry) => entry.isDirectory())!.name))
}
/** The specifier a file at `from` writes to import `file`: relative, or from the root ('@/…') past one folder up. */
const specifier = (from: string, file: string) => {
  const path = relative(dirname(from), file)
  return path.startsWith('../../') ? `@/${file}` : path.replace(/^(?!\.)/, './')
}
/** The problems of a file at `from` that imports one value of a real file of `room`. */
const importing = async (from: string, room: string) => {
  const source = specifier(from, fileIn(room))
  return { source, problems: await problemsOf(from, `import * as room from '${source}'\nexport const b = room\n`) }
}
const refused = (source: string, why: string) => `Unexpected path "${source}" imported in restricted zone. ${why}`

describe('the layering rules', () => {
  const feature = 'A feature never imports another feature: what two need goes to ui/ or api/.'
  it.each([
    ['a feature importing another feature', 'src/features/profile/profile.extra.ts', '../upgrade/upgrade.select', feature],
    ['a feature importing another feature from the root', 'src/features/profile/profile.extra.ts', '@/src/features/upgrade/upgrade.select', feature],
    ['ui/ importing a feature', 'src/ui/extra.ts', '../features/upgrade/upgrade.select', 'ui/ never imports a feature: move what a feature and ui/ share into ui/.'],
    ['production code importing devtools/', 'src/auth/extra.ts', '../devtools/registry', 'Production code never imports devtools/ (the dev tools load themselves in development).'],
  ])('refuse %s', async (_, from, source, why) => {
    expect(await problemsOf(from, `import { a } from '${source}'\nexport const b = a\n`)).toEqual([`'${source}' import is restricted from being used by a pattern. ${why}`])
  })
  it('refuse an import that climbs two folders, and take the same one from the root', async () => {
    expect(await problemsOf('src/features/profile/profile.extra.ts', "import { plans } from '../../../common/plans'\nexport const b = plans\n")).toEqual([
      "'../../../common/plans' import is restricted from being used by a pattern. An import that climbs two folders or more names its path from the root: '@/…'.",
    ])
    expect(await problemsOf('src/features/profile/profile.extra.ts', "import { plans } from '@/common/plans'\nexport const b = plans\n")).toEqual([])
  })
  it('refuse a machine importing anything but xstate, machines/, common/ and types', async () => {
    expect(
      await problemsOf(
        'machines/extra.machine.ts',
        "import { useState } from 'react'\nimport { plans } from '../common/plans.ts'\nimport type { Actor } from 'xstate'\nimport { setup } from 'xstate'\nimport { messageOf } from './error-message'\nexport const b = [useState, plans, setup, messageOf] as unknown as Actor<never>\n",
      ),
    ).toEqual(["'react' import is restricted from being used by a pattern. Machines import only xstate, machines/, common/ and types (import type)."])
  })
  it.each(['testkit/flows/invoices/invoices.oracle.ts', 'testkit/form-rules.ts'])('refuse %s sharing a machine’s type or a contract schema, and take a constant', async (from) => {
    const code =
      "import type { InvoicesContext } from '@/machines/invoices.machine'\nimport { companyDetailsSchema, companyLimits } from '@/common/billing-contract'\nexport const b = [companyDetailsSchema, companyLimits] as unknown as InvoicesContext\n"
    expect(await problemsOf(from, code)).toEqual([
      "'@/machines/invoices.machine' import is restricted from being used by a pattern. An oracle shares nothing with the machine it checks: declare the words it reads in the oracle.",
      "'companyDetailsSchema' import from '@/common/billing-contract' is restricted from being used by a pattern. An oracle checks input by the spec's rules written in it, not by the contract's schema the machine uses.",
    ])
  })
  it('refuse an actor made outside the inspection seam', async () => {
    expect(await problemsOf('src/features/profile/profile.extra.ts', "import { createActor } from 'xstate'\nexport const b = createActor\n")).toEqual([
      "'createActor' import from 'xstate' is restricted. Use createAppActor from src/ui/app-actors.ts, so the actor can be inspected.",
    ])
  })
})

describe('the rooms of the house', () => {
  const localOnly = 'Only the local stack, tests/, testkit/, e2e/ and scripts/ import server/local/: production never does.'
  it.each(['server/extra.ts', 'server/api/extra.ts', 'src/api/extra.ts', 'machines/extra.ts', 'common/extra.ts', 'vite.config.ts'])('refuse %s importing server/local/', async (from) => {
    const { source, problems } = await importing(from, 'server/local')
    expect(problems).toContain(refused(source, localOnly))
  })
  it.each(['server/local/extra.ts', 'tests/server/extra.test.ts', 'testkit/extra.ts', 'e2e/extra.spec.ts', 'scripts/extra.ts'])('let %s import server/local/', async (from) => {
    expect((await importing(from, 'server/local')).problems).toEqual([])
  })

  it.each(['src/api/extra.ts', 'machines/extra.ts'])('refuse %s importing server/', async (from) => {
    const { source, problems } = await importing(from, 'server/payments')
    expect(problems).toContain(refused(source, 'src/ and machines/ never import server/: what both need goes to common/.'))
  })

  it.each(['src', 'machines', 'server', 'testkit', 'tests', 'e2e'])('refuse common/ importing %s/', async (room) => {
    const { source, problems } = await importing('common/extra.ts', room)
    expect(problems).toContain(refused(source, 'common/ imports nothing of the app: only packages and other common/ files.'))
  })
  it('let common/ import packages and common/', async () => {
    expect(await problemsOf('common/extra.ts', "import * as v from 'valibot'\nimport { plans } from './plans.ts'\nexport const b = [v, plans]\n")).toEqual([])
  })

  it('refuse a machine importing src/', async () => {
    const { source, problems } = await importing('machines/extra.ts', 'src/api')
    expect(problems).toEqual([
      `'${source}' import is restricted from being used by a pattern. Machines import only xstate, machines/, common/ and types (import type).`,
      refused(source, 'server/ and machines/ never import src/: what both need goes to common/.'),
    ])
  })
  it.each(['server/extra.ts', 'server/api/extra.ts', 'server/local/extra.ts'])('refuse %s importing src/ or machines/', async (from) => {
    const fromSrc = await importing(from, 'src/api')
    expect(fromSrc.problems).toEqual([refused(fromSrc.source, 'server/ and machines/ never import src/: what both need goes to common/.')])
    const fromMachines = await importing(from, 'machines')
    expect(fromMachines.problems).toEqual([refused(fromMachines.source, 'server/ never imports machines/: what both need goes to common/.')])
  })

  it('refuse e2e/ importing tests/, and let it import testkit/', async () => {
    const fromTests = await importing('e2e/extra.spec.ts', 'tests')
    expect(fromTests.problems).toEqual([refused(fromTests.source, 'e2e/ imports the test kit (testkit/), never the Vitest tree (tests/).')])
    expect((await importing('e2e/extra.spec.ts', 'testkit')).problems).toEqual([])
  })

  it('refuse testkit/ importing tests/', async () => {
    const fromTests = await importing('testkit/extra.ts', 'tests')
    expect(fromTests.problems).toEqual([refused(fromTests.source, 'testkit/ is shared with Playwright and the scripts: it never imports the Vitest tree (tests/).')])
  })
})

describe('no import cycles', () => {
  // A cycle needs both files on disk: a small house of its own, linted with the project's configuration.
  const house = mkdtempSync(join(tmpdir(), 'house-'))
  afterAll(() => rmSync(house, { recursive: true, force: true }))
  const inHouse = new ESLint({ cwd: house, overrideConfigFile: resolve('eslint.config.js') })
  const lintInHouse = async (files: Record<string, string>, linted: string) => {
    for (const [path, code] of Object.entries(files)) {
      mkdirSync(dirname(join(house, path)), { recursive: true })
      writeFileSync(join(house, path), code)
    }
    return (await inHouse.lintFiles([join(house, linted)]))[0]!.messages.map((message) => message.message)
  }

  /** A case: the files of the small house, the one linted, and what lint says of it. */
  const circles: [name: string, files: Record<string, string>, linted: string, problems: string[]][] = [
    [
      'refuse two files importing each other',
      { 'server/a.ts': "import { b } from './b'\nexport const a = () => b\n", 'server/b.ts': "import { a } from './a'\nexport const b = () => a\n" },
      'server/a.ts',
      ['Dependency cycle detected'],
    ],
    [
      'refuse files importing each other through a third',
      {
        'server/c.ts': "import { d } from './deep/d'\nexport const c = () => d\n",
        'server/deep/d.ts': "import { e } from '../e'\nexport const d = () => e\n",
        'server/e.ts': "import { c } from './c'\nexport const e = () => c\n",
      },
      'server/c.ts',
      ['Dependency cycle via "../e:1"'],
    ],
    // import-x's own no-cycle lets the next two through (types are erased); the house's counts them.
    [
      'refuse a file importing the types of a file that imports it',
      { 'server/f.ts': "import { g } from './g'\nexport type F = string\nexport const f = () => g\n", 'server/g.ts': "import type { F } from './f'\nexport const g = (): F => ''\n" },
      'server/f.ts',
      ['Dependency cycle detected'],
    ],
    [
      'refuse a circle of type imports alone, through a third file',
      {
        'common/h.ts': "import type { J } from './types/j'\nexport type H = { j?: J }\n",
        'common/types/j.ts': "import type { K } from '../k'\nexport type J = { k?: K }\n",
        'common/k.ts': "import { type H } from './h'\nexport type K = { h?: H }\n",
      },
      'common/h.ts',
      ['Dependency cycle via "../k:1"'],
    ],
    [
      'let a file import the types of a file that imports nothing back',
      { 'server/m.ts': "import type { N } from './n'\nexport const m = (): N => ''\n", 'server/n.ts': 'export type N = string\n' },
      'server/m.ts',
      [],
    ],
  ]
  it.each(circles)('%s', async (_, files, linted, problems) => {
    expect(await lintInHouse(files, linted)).toEqual(problems)
  })
})

describe('one way to name a file', () => {
  const kebab = (file: string) => `The filename "${file}" does not match the "+([a-z])*([a-z0-9])*(-+([a-z0-9]))" pattern`
  it.each([
    ['machines/manageLicenses.machine.ts', 'manageLicenses.machine.ts'],
    ['server/api/LicenseRoutes.ts', 'LicenseRoutes.ts'],
    ['src/features/profile/Profile.select.ts', 'Profile.select.ts'],
    ['src/features/profile/profile_extra.tsx', 'profile_extra.tsx'],
    ['tests/server/seatLimits.test.ts', 'seatLimits.test.ts'],
  ])('refuse %s: file names are kebab-case', async (path, file) => {
    expect(await problemsOf(path, 'export const b = 1\n')).toEqual([kebab(file)])
  })
  it('refuse a component whose file is named neither like the component nor in kebab-case', async () => {
    const problems = await problemsOf('src/features/profile/components/profile_card.tsx', 'export const b = 1\n')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^The filename "profile_card.tsx" does not match/)
  })
  it.each([
    'machines/manage-licenses.machine.ts',
    'src/features/profile/components/ProfileCard.tsx',
    'src/ui/site/SiteBanner.tsx',
    'src/ui/app-actors-extra.ts',
    'src/routes/__root.tsx',
    'src/routes/account/route.tsx',
    'src/routes/account/index.tsx',
    'src/routes/account/$licenseId.tsx',
  ])('let %s be', async (path) => {
    expect(await problemsOf(path, 'export const b = 1\n')).toEqual([])
  })
})
