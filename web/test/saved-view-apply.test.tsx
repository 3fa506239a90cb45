import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { layoutOfView, viewColumns } from '../src/components/resource/column-layout.ts'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { usableQuery } from '../src/components/resource/saved-view-query.ts'
import { addLocales } from '../src/i18n/index.ts'
import { tags } from '../src/resources/tags/index.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { type Profile, useSession } from '../src/stores/session.ts'
import { renderRoutes, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()
beforeAll(() => addLocales({ tags: tags.locale }))

async function renderTags(url: string) {
  const routes = await Promise.all(
    (resourceRoute(tags).children ?? []).map(async (route) => ({
      path: route.path,
      Component: (await (route.page as NonNullable<typeof route.page>)()).default,
    })),
  )
  return renderRoutes(routes, url)
}

/** A view kept on the server, as another screen (or another admin) saved it. */
async function savedView(body: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${api.server.url}/api/saved-views`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ list: 'tags', shared: 'private', ...body }),
  })
  const answer = (await res.json()) as { data: { id: number } }
  expect(res.status, JSON.stringify(answer)).toBe(201)
  return answer.data.id
}

const lastListQuery = () => Object.fromEntries(api.requests('GET', '/api/tags').at(-1)?.query ?? [])
const headers = () =>
  within(screen.getByTestId('tags-table'))
    .getAllByRole('columnheader')
    .map((header) => header.getAttribute('data-field'))
    .filter(Boolean)
const signedIn = (fieldRules: Profile['field_rules'] = {}) =>
  act(() =>
    useSession.setState({
      profile: { id: 1, username: 'admin', field_rules: fieldRules } as unknown as Profile,
    }),
  )

describe('what of a view a list can take', () => {
  it('keeps the filters, sorts and keyword the list takes, and counts the others without their values', () => {
    const usable = { params: ['status'], sortable: ['id', 'name'], keyword: false }
    const { search, leftOut } = usableQuery(
      'status=paid&email=a%40b.c&sort=-email,name&keyword=x&per_page=50&page=3&status_to=',
      usable,
    )
    expect(search.toString()).toBe('status=paid&sort=name&per_page=50')
    // The e-mail filter, the sort by it, the keyword, and a value the server emptied.
    expect(leftOut).toBe(4)
  })

  it("lays a view's columns out over the list's, leaving out those the list lacks", () => {
    const current = { hidden: ['created_at'], order: [], widths: {}, density: 'default' as const }
    const { layout, leftOut } = layoutOfView(
      [
        { key: 'name', shown: true, width: 300 },
        { key: 'secret', shown: true },
        { key: 'gone', shown: false },
        { key: 'id', shown: false },
      ],
      'compact',
      ['id', 'name', 'type', 'created_at'],
      current,
    )
    expect(layout).toEqual({
      hidden: ['id', 'created_at'],
      order: ['name', 'id'],
      widths: { name: 300 },
      density: 'compact',
    })
    // Only a column the view showed is a part left out.
    expect(leftOut).toBe(1)
    expect(viewColumns(layout, ['id', 'name', 'type', 'created_at'])).toEqual([
      { key: 'name', shown: true, width: 300 },
      { key: 'id', shown: false },
      { key: 'type', shown: true },
      { key: 'created_at', shown: false },
    ])
  })
})

describe('a saved view opened on a list, against the real server', () => {
  it("opens a view's link on its filters, page size, columns in order and density, and says which view", async () => {
    setPermissions(['list-tags'])
    signedIn()
    const id = await savedView({
      name: 'Genres, names first',
      query: 'type=genre&sort=name&per_page=50',
      columns: [
        { key: 'name', shown: true },
        { key: 'id', shown: true },
        { key: 'type', shown: false },
      ],
      density: 'compact',
    })
    const router = await renderTags(`/tags?view=${id}`)
    await waitFor(() =>
      expect(lastListQuery()).toMatchObject({ type: 'genre', sort: 'name', per_page: '50' }),
    )
    const notice = await screen.findByTestId('saved-view-applied')
    expect(notice.textContent).toContain('View “Genres, names first” is applied.')
    expect(screen.queryByTestId('saved-view-left-out')).toBeNull()
    await waitFor(() => expect(headers().slice(0, 2)).toEqual(['name', 'id']))
    expect(headers()).not.toContain('type')
    expect(screen.getByTestId('tags-table').getAttribute('data-density')).toBe('compact')
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe(String(id))

    // Changing the list leaves the view: the address no longer names it, and the notice goes.
    await userEvent.click(screen.getByTestId('saved-view-plain'))
    await waitFor(() => expect(screen.queryByTestId('saved-view-applied')).toBeNull())
    expect(router.state.location.search).toBe('')
  })

  it('opens a view without the parts the admin may not use, saying how many, and refuses an unknown view', async () => {
    setPermissions(['list-tags'])
    // The admin's roles hide tags' type: its filter, its sort and its column are parts it may not use.
    signedIn({ tags: { type: 'none' } })
    const id = await savedView({
      name: 'By type',
      query: 'type=genre&sort=-type,name&nosuch=1&keyword=Tag',
      columns: [
        { key: 'type', shown: true },
        { key: 'name', shown: true },
      ],
    })
    const router = await renderTags(`/tags?view=${id}`)
    const leftOut = await screen.findByTestId('saved-view-left-out')
    expect(leftOut.textContent).toBe(
      '4 parts of this view were left out: they name fields, filters, sorts or columns you may not use.',
    )
    // Nothing of the left-out parts is asked for, and their values are not shown.
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'name', keyword: 'Tag' }))
    expect(lastListQuery().type).toBeUndefined()
    expect(screen.getByTestId('saved-view-applied').textContent).not.toContain('genre')
    expect(router.state.location.search).not.toContain('type')

    // A view the admin may not see (or none) opens the plain list with a notice.
    await act(() => router.navigate('/tags?view=999999&keyword=Tag'))
    await screen.findByText('That view is not one you may open; the list is shown without it.')
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=Tag'))
    expect(screen.queryByTestId('saved-view-applied')).toBeNull()
  })

  it("copies the open view's link and saves the list's state into it, sharing it with everyone", async () => {
    setPermissions(['list-tags'])
    signedIn()
    const user = userEvent.setup()
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const id = await savedView({ name: 'Studios', query: 'type=studio' })
    const router = await renderTags(`/tags?view=${id}`)
    await screen.findByTestId('saved-view-applied')
    await act(() => router.navigate(`/tags?view=${id}&type=studio&sort=name`, { replace: true }))

    await user.click(screen.getByTestId('saved-views'))
    await user.click(await screen.findByTestId('saved-views-copy-link'))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    expect(writeText.mock.calls[0]?.[0]).toMatch(new RegExp(`#/tags\\?view=${id}$`))

    await user.click(screen.getByTestId('saved-views'))
    await user.click(await screen.findByTestId('saved-views-update'))
    const name = await screen.findByTestId('saved-views-name')
    // The dialog is filled with the open view once it shows (a render after it opens).
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Studios'))
    await user.clear(name)
    await user.type(name, 'Studios by name')
    await user.click(within(screen.getByTestId('saved-views-shared')).getByText('Everyone'))
    await user.click(screen.getByTestId('saved-views-submit'))
    await waitFor(() => expect(api.requests('PUT', `/api/saved-views/${id}`)).toHaveLength(1))
    const sent = JSON.parse(api.requests('PUT', `/api/saved-views/${id}`)[0]?.body ?? '{}')
    // The list's state as it is now, never its view or page; no default, which only a list editor sets.
    expect(sent).toMatchObject({
      name: 'Studios by name',
      shared: 'everyone',
      query: 'type=studio&sort=name',
    })
    expect(sent).not.toHaveProperty('default_role_ids')
    await waitFor(() =>
      expect(screen.getByTestId('saved-view-applied').textContent).toContain(
        'View “Studios by name” is applied.',
      ),
    )
  })
})
