import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resourceClient } from '../src/api/resource-client.ts'
import {
  useListController,
  useLocalListState,
  useUrlListState,
} from '../src/components/resource/list-controller.ts'
import { serveGadgets } from './fixture-api.ts'
import { endRenderings, renderRoutes } from './gadgets-render.tsx'

const api = serveGadgets()
afterEach(endRenderings)
const gadgets = resourceClient<{ id: number; name: string }>('gadgets')

type Controller = ReturnType<typeof useListController<{ id: number; name: string }>>
const probe: { where: 'url' | 'local'; current?: Controller } = { where: 'url' }

/** A screen holding only a gadgets list controller, its state in the URL or its own. */
function Probe() {
  const urlState = useUrlListState(['tag_id'])
  const localState = useLocalListState()
  probe.current = useListController({
    client: gadgets,
    state: probe.where === 'url' ? urlState : localState,
    defaultSort: '-id',
  })
  return null
}

function renderController(url: string, where: 'url' | 'local') {
  probe.where = where
  const router = renderRoutes([{ path: '/gadgets', Component: Probe }], url)
  return { result: probe as { current: Controller }, router }
}

describe('the list controller', () => {
  it('keeps a main list’s state in the URL and asks the server for that page', async () => {
    const { result, router } = renderController('/gadgets?page=2&tag_id=1', 'url')
    await waitFor(() => expect(result.current.query.isFetched).toBe(true))
    // (Then, page 2 of the filtered gadgets being empty, the list steps back to page 1: the next test.)
    const asked = api.seen.map((request) => Object.fromEntries(request.query ?? []))
    expect(asked.find((query) => query.page === '2')).toEqual({
      page: '2',
      per_page: '20',
      sort: '-id',
      tag_id: '1',
    })
    expect(result.current.exportQuery).toEqual({ sort: '-id', keyword: undefined, tag_id: '1' })
    act(() => result.current.change({ keyword: 'al' }))
    expect(router.state.location.search).toBe('?keyword=al&tag_id=1')
  })

  it('steps back from a page past the end to the last page that has rows', async () => {
    const { result, router } = renderController('/gadgets?page=99', 'url')
    await waitFor(() => expect(result.current.params.page).toBeLessThan(99))
    await waitFor(() => expect(result.current.rows.length).toBeGreaterThan(0))
    const last = Math.max(1, Math.ceil(result.current.total / 20))
    expect(result.current.params.page).toBe(last)
    expect(router.state.location.search).toBe(last === 1 ? '' : `?page=${last}`)
  })

  it('keeps a list inside another screen to itself: the URL does not move', async () => {
    const { result, router } = renderController('/gadgets?page=3', 'local')
    await waitFor(() => expect(result.current.query.isFetched).toBe(true))
    expect(result.current.params.page).toBe(1)
    act(() => result.current.change({ page: 2 }))
    await waitFor(() => expect(result.current.params.page).toBe(2))
    expect(router.state.location.search).toBe('?page=3')
  })

  it('keeps the ticked rows across pages, and drops them (back to page 1) when the filters change', async () => {
    const { result } = renderController('/gadgets', 'local')
    await waitFor(() => expect(result.current.rows).toHaveLength(2))
    act(() => result.current.select([1, 2]))
    act(() => result.current.change({ page: 2 }))
    await waitFor(() => expect(result.current.params.page).toBe(2))
    expect(result.current.selected).toEqual([1, 2])
    act(() => result.current.change({ filters: { tag_id: '1' } }))
    await waitFor(() => expect(result.current.params.page).toBe(1))
    expect(result.current.selected).toEqual([])
  })
})
