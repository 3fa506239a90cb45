import { describe, expect, it } from 'vitest'
import {
  listQuery,
  orderOf,
  readListParams,
  sortOf,
  writeListParams,
} from '../src/components/resource/list-params.ts'

describe('list state in the URL', () => {
  it('reads paging, sort, keyword and the declared filters only', () => {
    const params = readListParams(
      new URLSearchParams('page=3&per_page=50&sort=-created_at&keyword=ab&type=genre&x=1'),
      ['type'],
    )
    expect(params).toEqual({
      page: 3,
      per_page: 50,
      sort: '-created_at',
      keyword: 'ab',
      filters: { type: 'genre' },
    })
  })

  it('falls back to page 1 and 20 rows on nonsense', () => {
    expect(readListParams(new URLSearchParams('page=-2&per_page=7'), [])).toMatchObject({
      page: 1,
      per_page: 20,
    })
    expect(readListParams(new URLSearchParams('page=abc&per_page=1000'), [])).toMatchObject({
      page: 1,
      per_page: 20,
    })
  })

  it('writes back without defaults, and round-trips', () => {
    const params = {
      page: 2,
      per_page: 20,
      sort: 'name',
      keyword: undefined,
      filters: { type: 'model', empty: '' },
    }
    expect(writeListParams(params).toString()).toBe('page=2&sort=name&type=model')
    expect(readListParams(writeListParams(params), ['type'])).toEqual({
      ...params,
      filters: { type: 'model' },
    })
    expect(writeListParams({ page: 1, per_page: 20, filters: {} }).toString()).toBe('')
  })

  it('builds the API query, using the default sort until one is chosen', () => {
    const params = readListParams(new URLSearchParams('type=genre'), ['type'])
    expect(listQuery(params, '-created_at')).toEqual({
      page: 1,
      per_page: 20,
      sort: '-created_at',
      keyword: undefined,
      type: 'genre',
    })
    expect(listQuery({ ...params, sort: 'id' }, '-created_at').sort).toBe('id')
  })

  it("maps antd's sorter to the API sort and back", () => {
    expect(sortOf('created_at', 'descend')).toBe('-created_at')
    expect(sortOf('name', 'ascend')).toBe('name')
    expect(sortOf('name', null)).toBeUndefined()
    expect(orderOf('-created_at,id', 'created_at')).toBe('descend')
    expect(orderOf('name', 'name')).toBe('ascend')
    expect(orderOf('name', 'id')).toBeNull()
    expect(orderOf(undefined, 'id')).toBeNull()
  })
})
