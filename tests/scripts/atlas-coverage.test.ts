import { describe, expect, it } from 'vitest'
import { billingPortalMachine } from '@/machines/billing-portal.machine'
import { coverageSummary, guardTable, notReachedByBrowser, tintLabels } from '@/scripts/atlas/coverage'
import { coverageDiagram } from '@/src/devtools/coverage-diagram'
import { renewalMachine } from '@/machines/renewal.machine'
import { machineLevels, type RecordedLevels } from '@/testkit/model/coverage-levels'

const idle = 'billingPortal.idle'
const opening = 'billingPortal.opening'
const leaving = 'billingPortal.leaving'
const open = 'billingPortal.idle --portal.open[0]-->'
const done = 'billingPortal.opening --xstate.done.actor.createPortalSession[0]-->'

/** The browser took the portal's opening; a component test its answer too; the bare machine everything but the error's dismissal. */
const recorded: RecordedLevels = {
  browser: { recorded: true, executed: { billingPortal: { states: [idle, opening], transitions: [open] } } },
  component: { recorded: true, executed: { billingPortal: { states: [idle, opening, leaving], transitions: [open, done] } } },
  machine: { recorded: false, executed: {} },
}
const levels = machineLevels(billingPortalMachine, recorded)

describe('the coverage on the atlas’s diagrams', () => {
  it('gives each state and transition the highest level that took it, and counts each level', () => {
    expect([levels.states.get(idle), levels.states.get(leaving)]).toEqual(['browser', 'component'])
    expect([levels.transitions.get(open), levels.transitions.get(done), levels.transitions.get('billingPortal.idle --error.dismiss[0]-->')]).toEqual(['browser', 'component', null])
    expect(levels.counts.browser).toEqual({ states: 2, transitions: 1 })
    expect(levels.total.states).toBe(3)
  })

  it('marks the diagram with each level’s letter and fills simple states in its colour', () => {
    const text = coverageDiagram(billingPortalMachine, levels)
    expect(text).toContain('state "idle (B)" as billingPortal_idle')
    expect(text).toContain('state "leaving (C)" as billingPortal_leaving')
    expect(text).toContain('billingPortal_idle --> billingPortal_opening : (B) portal.open')
    expect(text).toMatch(/billingPortal_idle --> billingPortal_idle : \(0\) error\.dismiss/)
    expect(text).toMatch(/^\s+class billingPortal_idle,billingPortal_opening cov_browser$/m)
    expect(text).toMatch(/^\s+classDef cov_none .*stroke-dasharray/m)
  })

  it('tints a transition’s label by its letter, which stays', () => {
    expect(tintLabels('<span class="edgeLabel"><p>(B) portal.open</p></span><span class="edgeLabel"><p>plain</p></span>')).toBe(
      '<span class="edgeLabel" style="background-color:#d3f9d8"><p style="background-color:#d3f9d8">(B) portal.open</p></span><span class="edgeLabel"><p>plain</p></span>',
    )
  })

  it('lists what no browser test took, with the known reason or "not yet"', () => {
    const missing = notReachedByBrowser(levels, { [done]: 'The portal is another site.' })
    expect(missing).toContainEqual({ key: leaving, kind: 'state', why: 'not yet' })
    expect(missing).toContainEqual({ key: done, kind: 'transition', why: 'The portal is another site.' })
    expect(missing.map(({ key }) => key)).not.toContain(open)
  })

  it('shows each level’s share, and says which level was not recorded', () => {
    const html = coverageSummary(levels, recorded)
    expect(html).toContain('<tr><th>browser</th><td class="number">2/3 (66%)</td>')
    expect(html).toContain('<tr><th>machine</th><td colspan="2">not recorded')
    expect(html).toMatch(/<span class="swatch"[^>]*>B<\/span> a browser test took it/)
  })

  it('tables the outcomes each guard gave with the highest level that saw them, and counts the guards seen one way only', () => {
    const seats = 'renewal.ready.idle --seats.open[0]-->'
    const guarded: RecordedLevels = {
      browser: { recorded: true, executed: {} },
      component: { recorded: true, executed: { renewal: { states: [], transitions: [], guards: [`${seats}=true`] } } },
      machine: { recorded: true, executed: { renewal: { states: [], transitions: [], guards: [`${seats}=true`, `${seats}=false`] } } },
    }
    const table = guardTable(machineLevels(renewalMachine, guarded))
    expect(table).toContain(
      `<tr><td><code>renews</code></td><td><code>${seats.replace('>', '&gt;')}</code></td><td class="outcome" style="background:#d0ebff">C</td><td class="outcome" style="background:#fff3bf">M</td></tr>`,
    )
    expect(table).toMatch(
      /<td><code>switches<\/code><\/td><td><code>renewal\.ready\.idle --autoRenew\.set\[0\]--&gt;<\/code><\/td><td class="outcome"[^>]*>0 never<\/td><td class="outcome"[^>]*>0 never<\/td>/,
    )
    expect(table).toContain('3 guarded transitions: 1 seen both ways, 0 only one way, 2 never weighed.')
    expect(guardTable(machineLevels(billingPortalMachine, guarded))).toBe('<p>No transition of this machine is guarded.</p>')
  })
})
