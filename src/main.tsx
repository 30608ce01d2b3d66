import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { hasSignInAnswer, removeSignOutState } from './auth/lazy-auth'
import { createAppRouter } from './router'

// Development builds only: /__statecharts shows every machine in place of the app, and the dev
// tools (live inspection with ?inspect, the statecharts beside the app) watch every actor. The
// dynamic import sits in a branch that production builds remove, so they contain none of it.
const statechartsPage = import.meta.env.DEV && window.location.pathname === '/__statecharts'
if (import.meta.env.DEV) {
  void import('./devtools/start').then((devtools) => {
    devtools.startDevtools({ dock: !statechartsPage })
    if (statechartsPage) devtools.renderStatechartsPage(document.getElementById('app')!)
  })
}
if (!statechartsPage) startApp()

function startApp() {
  removeSignOutState(window.location, window.history)
  const router = createAppRouter()
  const container = document.getElementById('app')!
  // The identity provider answers at the site root; the sign-in code then finishes the sign-in and
  // returns to the page first asked for, so the landing page is not worth hydrating.
  const signingIn = hasSignInAnswer({ hash: window.location.hash, searchStr: window.location.search })

  if (window.$_TSR && !signingIn) {
    // A prerendered page: take over its markup. A mismatch is a bug, so it is reported.
    hydrateRoot(
      container,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => console.error('Hydration error:', error) },
    )
  } else {
    // The portal's app shell, or a sign-in answer: render in the browser.
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
    if (signingIn) void router.options.context.auth.load()
  }
}
