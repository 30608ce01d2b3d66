import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { createAppRouter } from './router'

const router = createAppRouter()
const container = document.getElementById('app')!

if (window.$_TSR) {
  // A prerendered page: take over its markup. A mismatch is a bug, so it is reported.
  hydrateRoot(
    container,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
    { onRecoverableError: (error) => console.error('Hydration error:', error) },
  )
} else {
  // The app shell of the portal's routes: render in the browser.
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}
