import type { IncomingMessage } from 'node:http'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { admins } from '../src/resources/admins/index.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions, setPermissions } from '../src/stores/permission.ts'
import { serveApi } from './api-server.ts'

const keeper = {
  id: 7,
  username: 'keeper',
  name: 'Keeper',
  phone: null,
  email: null,
  status: 'enabled',
  role_ids: [],
  roles: [],
  allocated_members: 1,
  two_factor_bound: 0,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
}
const member = (id: number, username: string) => ({
  id,
  username,
  email: `${username}@example.org`,
  assigned_at: '2026-01-03T00:00:00.000Z',
})
const page = (data: unknown[]) => ({
  data,
  meta: { current_page: 1, per_page: 20, total: data.length, last_page: 1 },
})

/** What the screen sent: method, path and body, in order. */
const sent: { method: string; path: string; body: string }[] = []
const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => resolve(body))
  })

serveApi(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://api').pathname
  sent.push({ method: req.method ?? 'GET', path, body: await bodyOf(req) })
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  if (path === '/api/admins/7') return answer(200, { data: keeper })
  if (path === '/api/admins/7/allocated-members' && req.method === 'POST')
    return answer(201, { data: [member(12, 'ben')] })
  if (path === '/api/admins/7/allocated-members') return answer(200, page([member(11, 'ann')]))
  if (path === '/api/admins/7/allocated-members/11' && req.method === 'DELETE') {
    res.writeHead(204)
    return res.end()
  }
  // The picker offers members by username, the field the members' contract names them by.
  if (path === '/api/users')
    return answer(200, page([{ ...member(12, 'ben'), phone: null, status: 'enabled' }]))
  answer(404, { message: 'Not found.' })
})
beforeEach(() => act(() => useApp.getState().setLanguage('en')))
afterEach(() => {
  cleanup()
  clearPermissions()
  sent.length = 0
})

async function renderAdmin() {
  const show = resourceRoute(admins).children?.find((route) => route.meta?.action === 'show')
    ?.page as () => Promise<{ default: () => React.ReactNode }>
  const router = createMemoryRouter([{ path: '/admins/:id', Component: (await show()).default }], {
    initialEntries: ['/admins/7'],
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  const children = await screen.findByTestId('allocated-members-children')
  await waitFor(() => expect(within(children).getByText('ann')).toBeTruthy())
  return children
}

describe("an admin's allocated members", () => {
  it('are only listed without edit-admins', async () => {
    setPermissions(['list-admins', 'list-users'])
    await renderAdmin()
    expect(screen.queryByTestId('child-pick')).toBeNull()
    expect(screen.queryByTestId('child-add')).toBeNull()
    expect(screen.queryByTestId('remove-11')).toBeNull()
  })

  it('are allocated through a picker of members and removed, with edit-admins', async () => {
    setPermissions(['list-admins', 'edit-admins', 'list-users'])
    const children = await renderAdmin()
    const add = within(children).getByTestId('child-add')
    expect(add.textContent).toBe('Allocate')
    expect(within(children).getByTestId('remove-11')).toBeTruthy()

    const input = within(within(children).getByTestId('child-pick')).getByRole('combobox')
    expect(input.getAttribute('aria-label')).toBe('Members to allocate')
    await userEvent.click(input)
    await userEvent.click(await screen.findByText('ben', { selector: '.ant-select-item-option-content' }))
    await userEvent.click(add)
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/admins/7/allocated-members', body: '{"ids":[12]}' },
      ]),
    )

    await userEvent.click(within(children).getByTestId('remove-11'))
    await userEvent.click(await screen.findByTestId('remove-confirm'))
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        '/api/admins/7/allocated-members/11',
      ]),
    )
  })

  it('say so in Chinese too', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    setPermissions(['list-admins', 'edit-admins', 'list-users'])
    const children = await renderAdmin()
    // antd spaces out a two-character Chinese button label.
    expect(within(children).getByTestId('child-add').textContent?.replace(/\s/g, '')).toBe('分配')
    expect(
      within(within(children).getByTestId('child-pick')).getByRole('combobox').getAttribute('aria-label'),
    ).toBe('选择要分配的会员')
    expect(within(children).getByText('分配的会员')).toBeTruthy()
  })
})
