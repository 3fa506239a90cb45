import { afterEach, describe, expect, it } from 'vitest'
import { resourceClient } from '../src/api/resource-client.ts'
import { queryKeys } from '../src/components/resource/resource-queries.ts'
import { serveGadgets } from './fixture-api.ts'

const api = serveGadgets()
afterEach(() => api.reset())

const gadgets = resourceClient<{ id: number; name: string }>('gadgets')

describe('the data-access seam', () => {
  it('reaches a record, its action and its children by the resource’s path alone', async () => {
    expect((await gadgets.one(1)).name).toBe('Alpha')
    expect(await gadgets.action(1, 'publish')).toMatchObject({ id: 1, status: 'published' })
    const parts = gadgets.children<{ id: number; label: string }>(1, 'parts')
    expect(parts.path).toBe('gadgets/1/parts')
    expect((await parts.list({ per_page: 2 })).data.map((part) => part.label)).toEqual(['First', 'Second'])
    expect((await parts.reorder([3, 2, 1])).map((part) => part.id)).toEqual([3, 2, 1])
    await parts.remove(2)
    expect((await parts.list()).data.map((part) => part.label)).toEqual(['Third', 'First'])
    expect(api.seen.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/gadgets/1',
      'POST /api/gadgets/1/publish',
      'GET /api/gadgets/1/parts',
      'POST /api/gadgets/1/parts/reorder',
      'DELETE /api/gadgets/1/parts/2',
      'GET /api/gadgets/1/parts',
    ])
    expect(JSON.parse(api.seen[3]?.body ?? '')).toEqual({ ids: [3, 2, 1] })
  })

  it('fetches many by id, a hundred a call, in the order asked', async () => {
    const tags = resourceClient<{ id: number; name: string }>('tags')
    const ids = [150, ...Array.from({ length: 120 }, (_, i) => i + 1), 150]
    const records = await tags.many(ids)
    expect(records.map((tag) => tag.id)).toEqual([150, ...Array.from({ length: 120 }, (_, i) => i + 1)])
    const calls = api.requests('GET', '/api/tags').map((call) => Object.fromEntries(call.query))
    expect(calls.map((query) => [query.ids?.split(',').length, query.per_page])).toEqual([
      [100, '100'],
      [21, '21'],
    ])
  })

  it('derives the query keys from the path, so a resource’s key prefixes its children’s', () => {
    expect(queryKeys.list('gadgets/1/parts', { page: 2 })).toEqual([
      'gadgets',
      '1',
      'parts',
      'list',
      { page: 2 },
    ])
    expect(queryKeys.one('gadgets', 3)).toEqual(['gadgets', 'one', '3'])
    expect(queryKeys.many('tags', [2, 1])).toEqual(['tags', 'many', ['2', '1']])
    expect(queryKeys.resource('gadgets/1/parts')).toEqual(['gadgets'])
  })
})
