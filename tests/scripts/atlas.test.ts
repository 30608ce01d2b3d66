import { describe, expect, it } from 'vitest'
import type { AtlasCapture, AtlasRecord } from '@/e2e/tours/atlas-record'
import { tours } from '@/e2e/tours/tours'
import { machinePage } from '@/scripts/atlas/pages'
import { activePaths, stateRows } from '@/scripts/atlas/states'
import { flows } from '@/testkit/model/flows'

const kit = (name: string) => flows.find((each) => each.model.name === name)!
const capture = (value: unknown, actors: AtlasCapture['actors'] = [], shot = 'shots/one.png'): AtlasCapture => ({
  key: JSON.stringify(value),
  value,
  shown: {},
  events: ['assign.open'],
  shot,
  actors,
})
const rowOf = (rows: ReturnType<typeof stateRows>, path: string) => rows.find((row) => row.path === path)!

describe('the QA atlas', () => {
  it('files a screenshot under every state the value is in, parallel regions included', () => {
    expect(activePaths({ ready: { assign: { single: 'editing' } } })).toEqual(['ready', 'ready.assign', 'ready.assign.single', 'ready.assign.single.editing'])
    expect(activePaths({ loading: { stats: 'loaded', assigned: 'loading' } })).toEqual(['loading', 'loading.stats', 'loading.stats.loaded', 'loading.assigned', 'loading.assigned.loading'])
    expect(activePaths('failed')).toEqual(['failed'])
  })

  it("shows a toured state's screenshot, and says why a state has none", () => {
    const record: AtlasRecord = { machine: 'manageLicenses', input: { checkoutReturned: false }, captures: [capture({ ready: { assign: { single: 'editing' } } })] }
    const rows = stateRows(kit('manageLicenses'), tours.manageLicenses, [record])
    expect(rowOf(rows, 'ready.assign.single.editing').pictures.map((picture) => [picture.capture.shot, picture.seen])).toEqual([['shots/one.png', false]])
    expect(rowOf(rows, 'ready.assign').compound).toBe(true)
    expect(rowOf(rows, 'ready.assign.bulk.next').missing).toMatch(/^No generated path stops here/)
    expect(rowOf(rows, 'checkingOut').missing).toMatch(/^The browser leaves the page in this state/)
    // Reached by the tour, yet this run has no screenshot of it: the run failed before it.
    expect(rowOf(rows, 'ready.none').missing).toMatch(/the run failed before it/)
  })

  it("shows an untoured machine's state from another tour's page, where the page's actor was in it", () => {
    const upgradeOpen = capture({ ready: 'upgrade' }, [{ machine: 'upgrade', value: 'select' }], 'shots/upgrade-open.png')
    const rows = stateRows(kit('upgrade'), undefined, [{ machine: 'manageLicenses', input: null, captures: [upgradeOpen] }])
    expect(rowOf(rows, 'select').pictures.map((picture) => [picture.capture.shot, picture.seen, picture.tour])).toEqual([['shots/upgrade-open.png', true, 'manageLicenses']])
    expect(rowOf(rows, 'confirm').missing).toMatch(/^No browser tour walks this machine\. The upgrade wizard/)
  })

  it("writes a page that links its screenshots relatively, escapes the texts, and warns when the page's machine was elsewhere", () => {
    const wrong = { ...capture('idle', [{ machine: 'billingPortal', value: 'opening' }], 'shots/a&b.png'), shown: { error: 'Try <again>' } }
    const billingPortal = kit('billingPortal')
    const html = machinePage({
      model: billingPortal.model,
      toured: true,
      rows: stateRows(billingPortal, tours.billingPortal, [{ machine: 'billingPortal', input: null, captures: [wrong] }]),
      svg: '<svg></svg>',
    })
    expect(html).toContain('<img src="shots/a&amp;b.png"')
    expect(html).toContain('error: “Try &lt;again&gt;”')
    expect(html).toMatch(/class="warning">The page’s own billingPortal machine was in <code>&quot;opening&quot;<\/code>/)
    expect(html).not.toMatch(/<script|src="\//)
  })
})
