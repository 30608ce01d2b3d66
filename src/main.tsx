import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { hasSignInAnswer, removeSignOutState } from './auth/lazy-auth'
import { installPublicPageBehaviours } from './ui/site/public-page-behaviours'
import { createAppRouter } from './router'

// Development builds only: /__statecharts shows every machine in place of the app, and the dev
// tools (live inspection with ?inspect, the statecharts beside the app) watch every actor. The
// dynamic import sits in a branch that production builds remove, so they contain none of it.
// The app starts once they have loaded: a page that leaves at once (the sign-in's trip to the
// provider) would otherwise be gone before them, and its states missing from the tab's journal.
// Should they fail to load, the app starts all the same (the failure is left in the console).
const statechartsPage = import.meta.env.DEV && window.location.pathname === '/__statecharts'
if (import.meta.env.DEV) {
  void import('./devtools/start')
    .then((devtools) => {
      devtools.startDevtools({ dock: !statechartsPage })
      if (statechartsPage) devtools.renderStatechartsPage(document.getElementById('app')!)
    })
    .finally(() => {
      if (!statechartsPage) startApp()
    })
} else startApp()

function startApp() {
  removeSignOutState(window.location, window.history)
  // The public views' menu, colour-scheme toggle and section links (decision 0013).
  installPublicPageBehaviours(document)
  const router = createAppRouter()
  // The portal's app shell, or '/' opened with the identity provider's answer (the prerendered
  // pages load the app for nothing else): render in the browser.
  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  if (hasSignInAnswer({ hash: window.location.hash, searchStr: window.location.search })) void router.options.context.auth.load()
}
