import { afterEach, describe, expect, it } from 'vitest'
import { resourceClient } from '../src/api/resource-client.ts'
import { queryKeys } from '../src/components/resource/resource-queries.ts'
import { serveApi } from './api-server.ts'
import { notesApi } from './fixtures/notes-api.ts'

const api = notesApi()
serveApi(api.handle)
afterEach(() => api.reset())

const notes = resourceClient<{ id: number; title: string }>('notes')

describe('the data-access seam', () => {
  it('reaches a record, its action and its children by the resource’s path alone', async () => {
    expect((await notes.one(1)).title).toBe('Alpha')
    expect(await notes.action(1, 'publish')).toMatchObject({ id: 1, status: 'published' })
    const items = notes.children<{ id: number; title: string }>(1, 'items')
    expect(items.path).toBe('notes/1/items')
    expect((await items.list({ perPage: 2 })).data.map((item) => item.title)).toEqual(['First', 'Second'])
    expect((await items.reorder([13, 12, 11])).map((item) => item.id)).toEqual([13, 12, 11])
    await items.remove(12)
    expect(api.seen.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/notes/1',
      'POST /api/notes/1/publish',
      'GET /api/notes/1/items',
      'POST /api/notes/1/items/reorder',
      'DELETE /api/notes/1/items/12',
    ])
    expect(JSON.parse(api.seen[3]?.body ?? '')).toEqual({ ids: [13, 12, 11] })
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
    expect(queryKeys.list('notes/1/items', { page: 2 })).toEqual(['notes', '1', 'items', 'list', { page: 2 }])
    expect(queryKeys.one('notes', 3)).toEqual(['notes', 'one', '3'])
    expect(queryKeys.many('tags', [2, 1])).toEqual(['tags', 'many', ['2', '1']])
    expect(queryKeys.resource('notes/1/items')).toEqual(['notes'])
  })
})
