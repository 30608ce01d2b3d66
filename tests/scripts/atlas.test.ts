import { describe, expect, it } from 'vitest'
import type { AtlasCapture, AtlasRecord } from '@/e2e/tours/atlas-record'
import { tours } from '@/e2e/tours/tours'
import { machinePage, screenshotSummary } from '@/scripts/atlas/pages'
import { requirementsPage } from '@/scripts/atlas/requirements-page'
import type { TracedRequirement } from '@/testkit/requirements/trace'
import { activePaths, disagreement, leafIds, stateRows } from '@/scripts/atlas/states'
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
    const csvIdle = capture({ ready: 'none' }, [{ machine: 'assignedCsv', value: 'idle' }], 'shots/csv-idle.png')
    const rows = stateRows(kit('assignedCsv'), undefined, [{ machine: 'manageLicenses', input: null, captures: [csvIdle] }])
    expect(rowOf(rows, 'idle').pictures.map((picture) => [picture.capture.shot, picture.seen, picture.tour])).toEqual([['shots/csv-idle.png', true, 'manageLicenses']])
    // Given no tour here (Download CSV has one now, and so no `noTour` reason of its own): the bare sentence.
    expect(rowOf(rows, 'downloading').missing).toBe('No browser tour walks this machine.')
    const leaves = rows.filter((row) => !row.compound).length
    const summary = screenshotSummary([{ model: kit('assignedCsv').model, toured: false, rows, svg: '', coverage: { summary: '', notReached: [], browserRecorded: true } }])
    expect([summary.shown, summary.states, summary.perMachine]).toEqual([1, leaves, [`assignedCsv 1/${leaves}`]])
  })

  it("writes a page that links its screenshots relatively, escapes the texts, and warns when the page's machine was elsewhere", () => {
    const wrong = { ...capture('idle', [{ machine: 'billingPortal', value: 'opening' }], 'shots/a&b.png'), shown: { error: 'Try <again>' } }
    const billingPortal = kit('billingPortal')
    const html = machinePage({
      model: billingPortal.model,
      toured: true,
      rows: stateRows(billingPortal, tours.billingPortal, [{ machine: 'billingPortal', input: null, captures: [wrong] }]),
      svg: '<svg></svg>',
      coverage: { summary: '', notReached: [], browserRecorded: true },
    })
    expect(html).toContain('<img src="shots/a&amp;b.png"')
    expect(html).toContain('error: “Try &lt;again&gt;”')
    expect(html).toContain('class="warning">The page’s own billingPortal machine was in billingPortal.opening when this was taken; its oracle says billingPortal.idle.')
    expect(html).not.toMatch(/<script|src="\//)
  })

  it('lists the requirements with no test first, then those out of scope with why, each with its states, transitions and tests', () => {
    const base = { states: [], transitions: [], tests: [] }
    const traced: TracedRequirement[] = [
      { ...base, id: 'S4.upgrade.back', text: 'Back: payment to select.', transitions: ['upgrade.confirm --wizard.back[0]-->'], tests: [{ file: 'a.test.ts', line: 3, title: 'goes <Back>' }] },
      { ...base, id: 'S6.no-admin', text: 'No admin role is shown.', outOfScope: 'The portal has roles.' },
      { ...base, id: 'S8.upgrade.unknown', text: 'An unknown error occurred.', states: ['upgrade.failure'] },
    ]
    const html = requirementsPage(traced, new Set(['upgrade']))
    const order = ['S8.upgrade.unknown', 'S6.no-admin', 'S4.upgrade.back'].map((id) => html.indexOf(`<tr id="${id}"`))
    expect(order.every((at, index) => at > 0 && (index === 0 || at > order[index - 1]!))).toBe(true)
    expect(html).toContain(
      '3 rules of the spec that the flows realise (<code>testkit/requirements/requirements.ts</code>): 1 with a test that names them, 1 out of scope (each says why), 1 with no test',
    )
    expect(html).toMatch(/<tr id="S8.upgrade.unknown" class="uncovered">.*<strong>NO TEST<\/strong>.*<a href="upgrade.html"><code>upgrade.failure<\/code><\/a>/)
    expect(html).toContain('<strong>out of scope</strong>: The portal has roles.')
    expect(html).toContain('goes &lt;Back&gt; <small>(<code>a.test.ts:3</code>)</small>')
    expect(html).not.toMatch(/<script|src="\//)
  })

  it("compares the page's own machine with the state the flow's oracle says, not the path's", () => {
    expect(leafIds('upgrade', { payment: 'editing' })).toEqual(['upgrade.payment.editing'])
    expect(leafIds('manageLicenses', { loading: { stats: 'loaded', assigned: 'loading' } })).toEqual(['manageLicenses.loading.assigned.loading', 'manageLicenses.loading.stats.loaded'])
    const onPage = (value: unknown, oracle: string[]) => ({ ...capture('confirm', [{ machine: 'upgrade', value }]), oracle })
    expect(disagreement('upgrade', onPage('confirm', ['upgrade.confirm']))).toBeUndefined()
    // The path and the page agree, the oracle does not: the machine went wrong, and the note says so.
    expect(disagreement('upgrade', onPage('confirm', ['upgrade.failure']))).toBe('The page’s own upgrade machine was in upgrade.confirm when this was taken; its oracle says upgrade.failure.')
    expect(disagreement('upgrade', { ...onPage('confirm', ['upgrade.confirm']), actors: [] })).toMatch(/was not found when this was taken/)
  })
})
