import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppRoute, RouteHandle } from '../src/base/route-types.ts'
import { AppMain } from '../src/shell/AppMain.tsx'
import { useVisitTracking } from '../src/shell/tabs/use-visit-tracking.ts'
import { useTabs } from '../src/stores/tabs.ts'

/** A screen with state of its own, showing the URL it reads. */
function Counter() {
  const [count, setCount] = useState(0)
  const { pathname, search } = useLocation()
  const { id } = useParams()
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${pathname}${search} id=${id ?? '-'} count=${count}`}
    </button>
  )
}

const page = () => Promise.resolve({ default: Counter })
const handle = (path: string, noCache = false): RouteHandle => {
  const route: AppRoute = { path, page, meta: { titleKey: 'x', noCache } }
  return { route, trail: [route] }
}

function Shell() {
  useVisitTracking()
  return <AppMain />
}

function renderShell(initial: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Shell,
        children: [
          { path: '/list', Component: Counter, handle: handle('/list') },
          // A nested screen: the cache key is the leaf's own path, with its id.
          { path: '/nested/edit/:id', Component: Counter, handle: handle('/nested/edit/:id') },
          { path: '/profile', Component: Counter, handle: handle('/profile', true) },
        ],
      },
    ],
    { initialEntries: [initial] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const go = (router: ReturnType<typeof renderShell>, to: string) => act(() => router.navigate(to))
/** The button of the screen at `path` (a pathname, or a pathname with its query), shown or kept hidden. */
const screenOf = (path: string) =>
  screen.getByText(
    (text) => text.startsWith(`${path} `) || (!path.includes('?') && text.startsWith(`${path}?`)),
  )
const isShown = (element: HTMLElement) =>
  element.closest<HTMLElement>('.shell-view')?.style.display !== 'none'

beforeEach(() => {
  // jsdom has no layout; the kept views' scroll restoring calls this.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  sessionStorage.clear()
  useTabs.setState({ visitedViews: [], cachedViews: [], owner: null })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('kept views (AppMain)', () => {
  it('keeps a left screen, hidden, with its state and its own URL, and shows it again', async () => {
    const router = renderShell('/list?page=2')
    await userEvent.click(await screen.findByText('/list?page=2 id=- count=0'))
    await go(router, '/nested/edit/7?tab=a')
    await userEvent.click(await screen.findByText('/nested/edit/7?tab=a id=7 count=0'))

    // Hidden, the list still reads its own URL, not the current one.
    const list = screenOf('/list?page=2')
    expect(list.textContent).toBe('/list?page=2 id=- count=1')
    expect(isShown(list)).toBe(false)

    await go(router, '/list?page=2')
    expect(isShown(screenOf('/list?page=2'))).toBe(true)
    expect(screenOf('/list?page=2').textContent).toBe('/list?page=2 id=- count=1')
    expect(screenOf('/nested/edit/7').textContent).toBe('/nested/edit/7?tab=a id=7 count=1')

    // Each id is a view of its own.
    await go(router, '/nested/edit/8')
    expect((await screen.findByText(/^\/nested\/edit\/8 /)).textContent).toBe('/nested/edit/8 id=8 count=0')
    expect(screenOf('/nested/edit/7').textContent).toBe('/nested/edit/7?tab=a id=7 count=1')
  })

  it('follows a new query on the same path in the same screen', async () => {
    const router = renderShell('/list')
    await userEvent.click(await screen.findByText('/list id=- count=0'))
    await go(router, '/list?page=3')
    expect(screenOf('/list?page=3').textContent).toBe('/list?page=3 id=- count=1')
  })

  it('builds a screen anew once its kept state is dropped (Refresh, closing its tab)', async () => {
    const router = renderShell('/list')
    await userEvent.click(await screen.findByText('/list id=- count=0'))
    await go(router, '/nested/edit/7')
    act(() => useTabs.getState().dropCache('/list'))
    expect(screen.queryByText(/^\/list /)).toBeNull()
    await go(router, '/list')
    expect(screenOf('/list').textContent).toBe('/list id=- count=0')
  })

  it('never keeps a noCache screen', async () => {
    const router = renderShell('/profile')
    await userEvent.click(await screen.findByText('/profile id=- count=0'))
    await go(router, '/list')
    expect(screen.queryByText(/^\/profile /)).toBeNull()
    await go(router, '/profile')
    expect(screenOf('/profile').textContent).toBe('/profile id=- count=0')
    expect(useTabs.getState().cachedViews).toEqual(['/list'])
  })
})
