import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { tags } from '../src/resources/tags/index.ts'
import { useApp } from '../src/stores/app.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { serveApi } from './api-server.ts'

let lastUrl = ''
let meta: Record<string, number> = {}

serveApi((req, res) => {
  lastUrl = req.url ?? ''
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(
    JSON.stringify({
      data: [
        {
          id: 7,
          name: 'Drama',
          type: 'genre',
          category_id: 2,
          created_at: '2026-01-02T03:04:05.000Z',
          updated_at: '2026-01-02T03:04:05.000Z',
        },
      ],
      meta: { current_page: 1, per_page: 20, total: 120000, last_page: 6000, ...meta },
    }),
  )
})
beforeEach(() => act(() => useApp.getState().setLanguage('en')))
afterEach(cleanup)

const list = resourceRoute(tags).children?.[0]?.page as () => Promise<{ default: () => React.ReactNode }>

async function renderList(url: string) {
  const router = createMemoryRouter([{ path: '/tags', Component: (await list()).default }], {
    initialEntries: [url],
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('tags list on the shared list screen', () => {
  it('asks the API with the URL state in wire form and shows rows with translated types', async () => {
    setPermissions(['list-tags'])
    await renderList('/tags?type=genre&page=2&keyword=dr')
    await screen.findByText('Drama')
    const query = new URL(lastUrl, 'http://x').searchParams
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      per_page: '20',
      sort: '-id',
      keyword: 'dr',
      type: 'genre',
    })
    expect(screen.getAllByText('Genre').length).toBeGreaterThan(0)
    expect(screen.getByText('120,000 in total')).toBeTruthy()
  })

  it('says "about" when the server estimates the total', async () => {
    meta = { total_estimated: 1 }
    setPermissions(['list-tags'])
    await renderList('/tags')
    await screen.findByText('About 120,000')
    meta = {}
  })

  it('offers create, edit and delete only with their permissions', async () => {
    setPermissions(['list-tags'])
    await renderList('/tags')
    await screen.findByText('Drama')
    expect(screen.queryByTestId('tags-create')).toBeNull()
    expect(screen.queryByTestId('edit-7')).toBeNull()
    expect(screen.queryByTestId('delete-7')).toBeNull()
    cleanup()

    setPermissions(['list-tags', 'create-tags', 'edit-tags', 'delete-tags'])
    await renderList('/tags')
    await screen.findByText('Drama')
    expect(screen.getByTestId('tags-create')).toBeTruthy()
    expect(screen.getByTestId('edit-7').getAttribute('href')).toBe('/tags/edit/7')
    expect(screen.getByTestId('delete-7')).toBeTruthy()
  })
})
