import { describe, expect, it } from 'vitest'
import { requirements, requirementTag } from '@/testkit/requirements/requirements'
import { namingTests, traceRequirements, untested } from '@/testkit/requirements/trace'
import { allModels } from '@/testkit/model/node-flows'

/**
 * Every rule of the spec the flows realise has a test that names it, or says why it has none
 * (testkit/requirements/requirements.ts, decision 0052); no machine or test names an ID that is
 * not a requirement.
 */
describe('the requirements (testkit/requirements/)', () => {
  const { traced, unknown } = traceRequirements(allModels.map((model) => model.machine))

  it('each has a test naming it, unless it is out of scope with a reason', () => {
    expect(untested(traced).map((requirement) => `${requirement.id}: ${requirement.text}`)).toEqual([])
  })

  it('are the only IDs the machines and the tests name', () => {
    expect(unknown).toEqual([])
  })

  it('have IDs that are unique and that a tag can name', () => {
    const ids = requirements.map((requirement) => requirement.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(`[${id}]`.match(requirementTag), id).toEqual([`[${id}]`])
  })

  it('are found in a title, several to a tag, and only in brackets', () => {
    const files: Record<string, string> = {
      'a.test.ts': "it('says 404 in words [S8.status-404 S8.network]', () => {})\nit('names S8.token in its words only', () => {})",
    }
    expect(namingTests(Object.keys(files), (file) => files[file]!)).toEqual([
      { id: 'S8.status-404', test: { file: 'a.test.ts', line: 1, title: 'says 404 in words' } },
      { id: 'S8.network', test: { file: 'a.test.ts', line: 1, title: 'says 404 in words' } },
    ])
  })

  it('fail the check when a rule loses its only test', () => {
    const tagged = namingTests().filter((one) => one.id !== 'S8.upgrade.unknown')
    expect(untested(traceRequirements([], tagged).traced).map((requirement) => requirement.id)).toEqual(['S8.upgrade.unknown'])
  })
})
