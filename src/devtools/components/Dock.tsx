import { useState } from 'react'
import { allMachines } from '../machines'
import { useRegistry } from '../registry-instance'
import { dockCollapsed, setDock } from '../dock-setting'
import { MachineChart } from './MachineChart'

/**
 * The statecharts beside the app (development builds only), for QA clicking through a flow: the
 * machines running in this tab or seen by it, drawn live. Turned on from /__statecharts or with
 * `?statecharts` in the address; it stays on in this tab until closed.
 */
export function Dock({ onClose }: { onClose: () => void }) {
  const { running, journal } = useRegistry()
  const [collapsed, setCollapsed] = useState(dockCollapsed)
  const machines = allMachines.filter((machine) => running.some((actor) => actor.machine === machine.id) || journal.some((entry) => entry.machine === machine.id))
  const toggle = () => {
    setDock(collapsed ? 'open' : 'collapsed')
    setCollapsed(!collapsed)
  }
  return (
    <aside className="devtools-dock" aria-label="Statecharts" data-collapsed={collapsed || undefined}>
      <div className="devtools-dock-bar">
        <button type="button" aria-expanded={!collapsed} aria-controls="devtools-dock-body" onClick={toggle}>
          Statecharts
        </button>
        <a href="/__statecharts">All machines</a>
        <button
          type="button"
          onClick={() => {
            setDock('off')
            onClose()
          }}
        >
          Close statecharts
        </button>
      </div>
      <div id="devtools-dock-body" hidden={collapsed}>
        {machines.length === 0 ? <p>No machine has run in this tab yet.</p> : null}
        {machines.map((machine) => (
          <MachineChart key={machine.id} machine={machine} running={running.filter((actor) => actor.machine === machine.id)} journal={journal} headingLevel={3} />
        ))}
      </div>
    </aside>
  )
}
