import { useState } from 'react'
import type { RecordedLevels } from '@/testkit/model/coverage-levels'
import { levelMarks } from '../coverage-diagram'
import { allMachines } from '../machines'
import { registry, useRegistry } from '../registry-instance'
import { setDock } from '../dock-setting'
import { MachineChart } from './MachineChart'

/** /__statecharts (development builds only): every machine, drawn offline, with this tab's actors. */
export function StatechartsPage() {
  const { running, journal } = useRegistry()
  const [coverage, setCoverage] = useState<{ shown: false } | { shown: true; levels?: RecordedLevels; error?: string }>({ shown: false })
  const toggleCoverage = async () => {
    if (coverage.shown) return setCoverage({ shown: false })
    setCoverage({ shown: true })
    try {
      // The development server reads the last test runs' records (scripts/statecharts-coverage-plugin.ts).
      const answer = await fetch('/__statecharts/coverage.json')
      if (!answer.ok) throw new Error(`the development server answered ${answer.status}`)
      setCoverage({ shown: true, levels: (await answer.json()) as RecordedLevels })
    } catch (error) {
      setCoverage({ shown: true, error: error instanceof Error ? error.message : String(error) })
    }
  }
  const openBeside = (path: string) => {
    setDock('open')
    window.location.assign(path)
  }
  return (
    <>
      <header className="devtools-header">
        <h1>Statecharts</h1>
        <p>
          Development build only. Every machine in <code>machines/</code>, drawn in this page without any network access. Current states of the actors running in this tab are highlighted; the states
          this tab went through are listed in order, across the sign-in&apos;s trips to the identity provider. Add <code>?inspect</code> to any address to watch the same actors in the Stately
          inspector instead.
        </p>
        <div className="devtools-actions">
          <button type="button" onClick={() => openBeside('/account')}>
            Open the account area with the statecharts beside it
          </button>
          <button type="button" onClick={() => openBeside('/')}>
            Open the home page with the statecharts beside it
          </button>
          <button type="button" onClick={() => registry.clearJournal()}>
            Clear what this tab saw
          </button>
          <button type="button" aria-pressed={coverage.shown} onClick={() => void toggleCoverage()}>
            Show what the tests took
          </button>
        </div>
        {coverage.shown ? <CoverageNote levels={'levels' in coverage ? coverage.levels : undefined} error={'error' in coverage ? coverage.error : undefined} /> : null}
        <nav aria-label="Machines">
          <ul className="devtools-index">
            {allMachines.map((machine) => (
              <li key={machine.id}>
                <a href={`#machine-${machine.id}`}>{machine.id}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="devtools-main">
        {allMachines.map((machine) => (
          <MachineChart
            key={machine.id}
            machine={machine}
            running={running.filter((actor) => actor.machine === machine.id)}
            journal={journal}
            coverage={coverage.shown ? coverage.levels : undefined}
            drawnWhenNear
          />
        ))}
      </main>
    </>
  )
}

/** What the coverage marks mean, and which levels the last runs recorded (the atlas's legend). */
function CoverageNote({ levels, error }: { levels?: RecordedLevels; error?: string }) {
  if (error) return <p role="alert">The tests' records could not be read: {error}</p>
  if (!levels) return <p role="status">Reading the last test runs…</p>
  const missing = (['browser', 'component', 'machine'] as const).filter((level) => !levels[level].recorded)
  return (
    <div role="status">
      <p>
        Each state and transition is marked with the highest level of test that took it in the last runs, as in <code>npm run atlas</code>; the actors&apos; current states are outlined in black.
        {missing.length ? ` Not recorded: ${missing.join(', ')} (run npm test, or npm run test:model and npm run test:e2e).` : ''}
      </p>
      <ul className="devtools-legend" aria-label="Coverage marks">
        {Object.values(levelMarks).map((mark) => (
          <li key={mark.letter}>
            <span className="devtools-swatch" style={{ background: mark.fill, borderColor: mark.stroke }}>
              {mark.letter}
            </span>{' '}
            {mark.words}
          </li>
        ))}
      </ul>
    </div>
  )
}
