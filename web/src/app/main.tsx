import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { addLocales } from '../i18n/index.ts'
import { bootLocales } from './boot-locales.ts'
import './http-setup.ts'
import { router } from './router.tsx'
import './main.css'
import { installErrorListeners } from '../stores/error-log.ts'

addLocales(bootLocales)

// Before anything renders, so the error log (navbar badge) sees every uncaught error, in every build.
installErrorListeners()

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
