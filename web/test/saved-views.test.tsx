import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { addLocales } from '../src/i18n/index.ts'
import { tags } from '../src/resources/tags/index.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { renderRoutes, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()
beforeAll(() => addLocales({ tags: tags.locale }))

/** The tags list screen (a product list) against the real server, which keeps the views. */
async function renderTags(url: string) {
  const routes = await Promise.all(
    (resourceRoute(tags).children ?? []).map(async (route) => ({
      path: route.path,
      Component: (await (route.page as NonNullable<typeof route.page>)()).default,
    })),
  )
  return renderRoutes(routes, url)
}

const lastListQuery = () => Object.fromEntries(api.requests('GET', '/api/tags').at(-1)?.query ?? [])

describe('saved views on a list, against the real server', () => {
  it('saves a filtered list as a view and opens it again from the dropdown, on the same filters', async () => {
    setPermissions(['list-tags'])
    const router = await renderTags('/tags?type=genre&keyword=Tag%2012&sort=name&per_page=50&page=2')
    await screen.findByText('Tag 12')

    await userEvent.click(screen.getByTestId('saved-views'))
    await userEvent.click(await screen.findByTestId('saved-views-save'))
    await userEvent.type(await screen.findByTestId('saved-views-name'), 'Genres twelve')
    await userEvent.click(screen.getByTestId('saved-views-submit'))
    await waitFor(() => expect(api.requests('POST', '/api/saved-views')).toHaveLength(1))
    await screen.findByText('View saved')

    await act(() => router.navigate('/tags'))
    await waitFor(() => expect(lastListQuery().type).toBeUndefined())
    await userEvent.click(screen.getByTestId('saved-views'))
    const menu = await screen.findByRole('menu')
    await userEvent.click(await within(menu).findByText('Genres twelve'))

    // The list is back at the view's filters, keyword, sort and page size (the page is not part of a view).
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        type: 'genre',
        keyword: 'Tag 12',
        sort: 'name',
        per_page: '50',
        page: '1',
      }),
    )
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('genre')
    await screen.findByText('Tag 12')
  })
})
