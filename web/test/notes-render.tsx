import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { ConfigProvider } from 'antd'
import message from 'antd/es/message'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { afterEach, beforeAll, vi } from 'vitest'
import { resourcePath } from '../src/components/resource/define-resource.ts'
import { addLocales } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions } from '../src/stores/permission.ts'
import { serveApi } from './api-server.ts'
import { notes } from './fixtures/notes.tsx'
import { notesApi } from './fixtures/notes-api.ts'

/** What each rendering leaves running (a router, a query cache with its timers), ended after each test. */
const disposals: (() => void)[] = []

/**
 * Ends what the test rendered, so nothing commits after the test file is gone: the screens, their
 * routers and query caches, and the feedback messages, which live in a root of their own.
 */
export async function endRenderings(): Promise<void> {
  cleanup()
  for (const dispose of disposals.splice(0)) dispose()
  await act(async () => {
    message.destroy()
    await new Promise((settled) => setTimeout(settled, 50))
  })
}

/** Screens at their routes in the app's providers, opened at `url`; answers the router. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  disposals.push(
    () => router.dispose(),
    () => client.clear(),
  )
  render(
    // A button's wave is drawn in a root of its own a moment after the click.
    <ConfigProvider wave={{ disabled: true }}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  )
  return router
}

/**
 * For one test file: the stand-in notes API (fresh for each test), the fixture's strings joining the
 * app's as a resource's do through resources/index.ts, in English.
 */
export function serveNotes() {
  const api = notesApi()
  serveApi(api.handle)
  beforeAll(() => {
    addLocales({ notes: notes.locale })
    act(() => useApp.getState().setLanguage('en'))
  })
  afterEach(async () => {
    await endRenderings()
    clearPermissions()
    api.reset()
    vi.restoreAllMocks()
  })
  return api
}

/** The fixture's screens at their routes, opened at `url`; answers the router, to read where it went. */
export async function renderNotes(url: string) {
  const routes = await Promise.all(
    (['list', 'show', 'batch-create'] as const).map(async (action) => ({
      path: resourcePath(notes, action),
      Component: (await (notes.screens[action] as () => Promise<{ default: () => React.ReactNode }>)())
        .default,
    })),
  )
  return renderRoutes(routes, url)
}
