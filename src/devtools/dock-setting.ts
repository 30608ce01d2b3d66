/** Whether this tab shows the statecharts beside the app (sessionStorage: the tab's own, kept across the sign-in redirects). */
const dockKey = 'prism.statecharts.dock'

export const dockEnabled = () => window.sessionStorage.getItem(dockKey) === 'open' || window.sessionStorage.getItem(dockKey) === 'collapsed'
export const dockCollapsed = () => window.sessionStorage.getItem(dockKey) === 'collapsed'
export const setDock = (value: 'open' | 'collapsed' | 'off') => (value === 'off' ? window.sessionStorage.removeItem(dockKey) : window.sessionStorage.setItem(dockKey, value))
