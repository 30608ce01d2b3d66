import type { AnyStateMachine, AnyStateNode } from 'xstate'
import type { JournalEntry, RunningActor } from '../registry'
import type { RecordedLevels } from '@/testkit/model/coverage-levels'
import { Diagram } from './Diagram'

const pathOf = (machine: AnyStateMachine, node: AnyStateNode) => node.id.slice(machine.id.length + 1)

function StateList({ machine, node, active, label }: { machine: AnyStateMachine; node: AnyStateNode; active: Set<string>; label?: string }) {
  const children = Object.values(node.states) as AnyStateNode[]
  if (!children.length) return null
  return (
    <ul aria-label={label}>
      {children.map((child) => {
        const path = pathOf(machine, child)
        return (
          <li key={path}>
            <span className="devtools-state" aria-current={active.has(path) ? 'true' : undefined} title={child.description}>
              {child.key}
            </span>
            {child.type === 'parallel' ? <span className="devtools-kind"> (parallel)</span> : null}
            {child.type === 'final' ? <span className="devtools-kind"> (final)</span> : null}
            <StateList machine={machine} node={child} active={active} />
          </li>
        )
      })}
    </ul>
  )
}

/** Saves the machine as the JSON the Stately visualizer imports (the same as docs/statecharts/<machine>.json). */
function exportJson(machine: AnyStateMachine) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(machine.toJSON(), null, 2)}\n`], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: `${machine.id}.json` })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** One machine: what its running actors are in, its diagram, its states, and what this tab saw, in order. */
export function MachineChart({
  machine,
  running,
  journal,
  headingLevel = 2,
  coverage,
  drawnWhenNear = false,
}: {
  machine: AnyStateMachine
  running: RunningActor[]
  journal: JournalEntry[]
  headingLevel?: 2 | 3
  /** What the last test runs took, when the page shows it. */
  coverage?: RecordedLevels
  /** The diagram is drawn only while near the viewport (the viewer's page of every machine). */
  drawnWhenNear?: boolean
}) {
  const current = [...new Set(running.flatMap((actor) => actor.states))]
  // A state is active when it or one of its descendants is current.
  const active = new Set(current.flatMap((path) => path.split('.').map((_, index, parts) => parts.slice(0, index + 1).join('.'))))
  const seen = journal.filter((entry) => entry.machine === machine.id)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  const headingId = `machine-${machine.id}`
  return (
    <section className="devtools-machine" aria-labelledby={headingId}>
      <Heading id={headingId}>{machine.id}</Heading>
      <p>
        {running.length === 0
          ? 'Not running in this tab.'
          : running.length === 1
            ? `Running in this tab, in ${current.join(', ')}.`
            : `${running.length} actors running in this tab, in ${current.join(', ')}.`}
      </p>
      <button type="button" onClick={() => exportJson(machine)}>
        Export {machine.id} as Stately JSON
      </button>
      <Diagram machine={machine} current={current} coverage={coverage} whenNear={drawnWhenNear} />
      <div className="devtools-columns">
        <div>
          <Sub>States</Sub>
          <div className="devtools-states">
            <StateList machine={machine} node={machine.root} active={active} label={`States of ${machine.id}`} />
          </div>
        </div>
        <div>
          <Sub>Seen in this tab, in order</Sub>
          {seen.length ? (
            <ol aria-label={`States of ${machine.id} seen in this tab, in order`} className="devtools-journal">
              {seen.map((entry, index) => (
                <li key={index}>{entry.states.join(', ')}</li>
              ))}
            </ol>
          ) : (
            <p>None yet.</p>
          )}
        </div>
      </div>
    </section>
  )
}
