import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import type { InspectionEvent } from 'xstate'
import { Dock } from './components/Dock'
import { StatechartsPage } from './components/StatechartsPage'
import { dockEnabled, setDock } from './dock-setting'
import { connectInspection } from '../ui/app-actors'
import { registry } from './registry-instance'
import { attachStatelyInspector } from './stately'
import './devtools.css'

const inspectKey = 'prism.inspect'

/**
 * The development tools, loaded by main.tsx in development builds only: this tab's registry of
 * running actors, the Stately inspector with `?inspect` (it stays on in the tab, across the
 * sign-in's redirects, until `?inspect=off`), and the statecharts beside the app when turned on.
 */
export function startDevtools({ dock }: { dock: boolean }) {
  const listeners: ((event: InspectionEvent) => void)[] = [registry.record]
  const params = new URLSearchParams(window.location.search)
  if (params.get('inspect') === 'off') window.sessionStorage.removeItem(inspectKey)
  else if (params.has('inspect')) window.sessionStorage.setItem(inspectKey, 'on')
  if (window.sessionStorage.getItem(inspectKey)) {
    const early: InspectionEvent[] = []
    const buffer = (event: InspectionEvent) => void early.push(event)
    listeners.push(buffer)
    void attachStatelyInspector().then((send) => {
      listeners.splice(listeners.indexOf(buffer), 1, send)
      early.forEach(send)
    })
  }
  // Last, so that the events of the actors that started before the dev tools loaded reach every listener.
  connectInspection((event) => listeners.forEach((listener) => listener(event)))

  if (params.has('statecharts')) setDock('open')
  if (dock && dockEnabled()) mountDock()
}

function mountDock() {
  const host = document.createElement('div')
  host.id = 'prism-devtools'
  document.body.append(host)
  const root = createRoot(host)
  root.render(createElement(Dock, { onClose: () => (root.unmount(), host.remove()) }))
}

/** /__statecharts: the viewer in place of the app. */
export function renderStatechartsPage(container: HTMLElement) {
  document.title = 'Statecharts · Prism (development)'
  createRoot(container).render(createElement(StatechartsPage))
}
