import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The layering of the architecture is ESLint's to enforce: each rule refuses its violation.
const eslint = new ESLint()
const problemsOf = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((message) => message.message)

describe('the layering rules', () => {
  it('refuse a feature importing another feature', async () => {
    expect(await problemsOf('src/features/profile/profile.extra.ts', "import { a } from '../upgrade/upgrade.select'\nexport const b = a\n")).toEqual([
      "'../upgrade/upgrade.select' import is restricted from being used by a pattern. A feature never imports another feature: what two need goes to ui/ or api/.",
    ])
  })
  it('refuse ui/ importing a feature', async () => {
    expect(await problemsOf('src/ui/extra.ts', "import { a } from '../features/upgrade/upgrade.select'\nexport const b = a\n")).toEqual([
      "'../features/upgrade/upgrade.select' import is restricted from being used by a pattern. ui/ never imports a feature: move what a feature and ui/ share into ui/.",
    ])
  })
  it('refuse production code importing devtools/', async () => {
    expect(await problemsOf('src/auth/extra.ts', "import { a } from '../devtools/registry'\nexport const b = a\n")).toEqual([
      "'../devtools/registry' import is restricted from being used by a pattern. Production code never imports devtools/ (the dev tools load themselves in development).",
    ])
  })
  it('refuse a machine importing anything but xstate, machines/ and types', async () => {
    expect(
      await problemsOf(
        'machines/extra.machine.ts',
        "import { plans } from '../common/plans.ts'\nimport type { License } from '../common/contract.ts'\nimport { setup } from 'xstate'\nimport { messageOf } from './error-message'\nexport const b = [plans, setup, messageOf] as unknown as License\n",
      ),
    ).toEqual(["'../common/plans.ts' import is restricted from being used by a pattern. Machines import only xstate, machines/ and types (import type)."])
  })
  it('refuse an actor made outside the inspection seam', async () => {
    expect(await problemsOf('src/features/profile/profile.extra.ts', "import { createActor } from 'xstate'\nexport const b = createActor\n")).toEqual([
      "'createActor' import from 'xstate' is restricted. Use createAppActor from src/ui/app-actors.ts, so the actor can be inspected.",
    ])
  })
})
