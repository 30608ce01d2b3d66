import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { RouterProvider } from '@tanstack/react-router'
import { createAppRouter } from './router'

const router = createAppRouter()
const container = document.getElementById('app')!

if (window.$_TSR) {
  hydrateRoot(container, <StrictMode><RouterClient router={router} /></StrictMode>)
} else {
  createRoot(container).render(<StrictMode><RouterProvider router={router} /></StrictMode>)
}
