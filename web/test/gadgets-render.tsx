import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { ConfigProvider } from 'antd'
import message from 'antd/es/message'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { afterEach, beforeAll, vi } from 'vitest'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { addLocales } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions } from '../src/stores/permission.ts'
import { serveGadgets } from './fixture-api.ts'
import { gadgets } from './fixtures/gadgets.tsx'

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
 * For one test file: the real server with the gadgets fixture (seeded again after each test), the
 * fixture's strings joining the app's as a resource's do through resources/index.ts, in English.
 */
export function serveGadgetScreens() {
  const api = serveGadgets()
  beforeAll(() => {
    addLocales({ gadgets: gadgets.locale })
    act(() => useApp.getState().setLanguage('en'))
  })
  afterEach(async () => {
    await endRenderings()
    clearPermissions()
    await api.reset()
    vi.restoreAllMocks()
  })
  return api
}

/** The fixture's screens at their routes, opened at `url`; answers the router, to read where it went. */
export async function renderGadgets(url: string) {
  const routes = await Promise.all(
    (resourceRoute(gadgets).children ?? []).map(async (route) => ({
      path: route.path,
      Component: (await (route.page as NonNullable<typeof route.page>)()).default,
    })),
  )
  return renderRoutes(routes, url)
}
