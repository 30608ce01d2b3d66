import { allMachines } from '../machines'
import { registry, useRegistry } from '../registry-instance'
import { setDock } from '../dock-setting'
import { MachineChart } from './MachineChart'

/** /__statecharts (development builds only): every machine, drawn offline, with this tab's actors. */
export function StatechartsPage() {
  const { running, journal } = useRegistry()
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
        </div>
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
          <MachineChart key={machine.id} machine={machine} running={running.filter((actor) => actor.machine === machine.id)} journal={journal} />
        ))}
      </main>
    </>
  )
}
