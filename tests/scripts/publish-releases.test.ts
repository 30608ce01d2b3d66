import { describe, expect, it } from 'vitest'
import { releasesFromJson } from '@/scripts/feed/publish-releases'

/** What `scripts/feed/publish-releases.ts` reads: the releases a vendor's publishing step lists, with their days. */
describe('the releases file', () => {
  it('reads each release, its days in UTC and a fix dated into the past', () => {
    const [fix, plain] = releasesFromJson(
      JSON.stringify([
        { id: 'Prism.Plus.Popups', version: '9.0.1', released: '2026-08-01', backdatedTo: '2026-05-01', description: 'A fix', dependencies: [{ id: 'Prism.Core', range: '9.0.537' }] },
        { id: 'Prism.Core', version: '9.0.537', released: '2025-11-04', license: 'MIT' },
      ]),
    )
    expect(fix).toEqual({
      id: 'Prism.Plus.Popups',
      version: '9.0.1',
      releasedAt: new Date('2026-08-01T00:00:00Z'),
      backdatedTo: new Date('2026-05-01T00:00:00Z'),
      description: 'A fix',
      license: null,
      dependencies: [{ id: 'Prism.Core', range: '9.0.537' }],
    })
    expect(plain).toMatchObject({ backdatedTo: null, license: 'MIT', description: '', dependencies: [] })
  })

  it('refuses a day that is not YYYY-MM-DD, or an entry without its version', () => {
    expect(() => releasesFromJson('[{"id":"A","version":"1.0.0","released":"June 1"}]')).toThrow('a day is YYYY-MM-DD')
    expect(() => releasesFromJson('[{"id":"A","released":"2026-06-01"}]')).toThrow()
  })
})
