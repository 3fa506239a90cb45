import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { admins } from '../src/resources/admins/index.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions, setPermissions } from '../src/stores/permission.ts'
import { useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

const wireAdmin = (id: number, username: string) => ({
  id,
  username,
  name: username,
  phone: null,
  email: null,
  status: 'enabled',
  roles: [],
  allocated_members: 0,
  two_factor_bound: 0,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
})

serveApi((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(
    JSON.stringify({
      data: [wireAdmin(1, 'me'), wireAdmin(2, 'colleague')],
      meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
    }),
  )
})
beforeEach(() => act(() => useApp.getState().setLanguage('en')))
afterEach(() => {
  cleanup()
  clearPermissions()
  useSession.setState({ token: undefined, profile: null })
})

describe('the admins list', () => {
  it('offers disable and delete on every row but the logged-in admin’s own', async () => {
    setPermissions(['list-admins', 'edit-admins', 'disable-admins', 'delete-admins'])
    useSession.setState({
      token: 'access-token',
      profile: {
        id: 1,
        username: 'me',
        name: 'me',
        avatar: null,
        introduction: null,
        email: null,
        roles: ['admin'],
        two_factor_bound: 0,
        two_factor_mode: 'optional',
        field_rules: {},
        time_zone: 'UTC',
      },
    })
    const list = resourceRoute(admins).children?.[0]?.page as () => Promise<{
      default: () => React.ReactNode
    }>
    const router = createMemoryRouter([{ path: '/admins', Component: (await list()).default }], {
      initialEntries: ['/admins'],
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    expect(await screen.findByTestId('disable-2')).toBeTruthy()
    expect(screen.getByTestId('delete-2')).toBeTruthy()
    expect(screen.queryByTestId('disable-1')).toBeNull()
    expect(screen.queryByTestId('delete-1')).toBeNull()
    // Editing oneself stays possible.
    expect(screen.getByTestId('edit-1')).toBeTruthy()
  })
})
