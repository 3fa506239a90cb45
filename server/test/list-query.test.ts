import { tagTypes } from '@vod/contract'
import { describe, expect, it } from 'vitest'
import { tags } from '../src/db/schema/index.ts'
import { translateIssues } from '../src/i18n/zod-issues.ts'
import { containsPatterns, defineList, parseSort } from '../src/lib/list/index.ts'
import { parseQueryString } from '../src/lib/querystring.ts'

const list = defineList({
  table: tags,
  columns: { id: tags.id, name: tags.name },
  sortable: { id: tags.id, name: tags.name, created_at: tags.createdAt },
  filters: {
    type: { column: tags.type, type: 'enum', values: tagTypes },
    category_id: { column: tags.categoryId, type: 'int' },
  },
  ranges: { created_at: { column: tags.createdAt, type: 'date' } },
  keyword: [tags.name],
  defaultSort: '-id',
})

function parse(query: string) {
  return list.query.safeParse(parseQueryString(query), { reportInput: true })
}
function errorsOf(query: string) {
  const result = parse(query)
  if (result.success) throw new Error(`expected ${query} to fail`)
  return translateIssues('en', result.error.issues)
}

describe('list query parsing', () => {
  it('refuses at declaration a filter named like a list parameter, which would silently replace it', () => {
    for (const name of ['page', 'per_page', 'sort', 'ids', 'keyword'])
      expect(() =>
        defineList({
          table: tags,
          columns: { id: tags.id },
          sortable: { id: tags.id },
          filters: { [name]: { column: tags.name, type: 'string' } },
          defaultSort: 'id',
        }),
      ).toThrow(`The list filter "${name}" collides`)
  })

  it('defaults: page 1, 20 a page, the declared default sort', () => {
    const result = parse('')
    expect(result.success && result.data).toEqual({
      page: 1,
      perPage: 20,
      sort: [{ field: 'id', desc: true }],
      // The declared sort, not one the caller asked for: a hidden field there is passed over, not refused.
      sortDefault: true,
      keyword: null,
      ids: null,
      filters: { type: undefined, category_id: undefined },
      ranges: { created_at: { from: undefined, to: undefined } },
    })
  })

  it('reads paging, sort, filters, ranges and keyword', () => {
    const result = parse(
      'page=3&per_page=100&sort=-created_at,name&type=model&category_id=7&keyword=%20ann%20&created_at_from=2026-01-01&created_at_to=2026-01-31T12:00:00Z',
    )
    if (!result.success) throw result.error
    expect(result.data).toMatchObject({
      page: 3,
      perPage: 100,
      sort: [
        { field: 'created_at', desc: true },
        { field: 'name', desc: false },
      ],
      keyword: 'ann',
      filters: { type: 'model', category_id: 7 },
    })
    const { from, to } = result.data.ranges.created_at ?? {}
    expect(from).toEqual({
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-01-02T00:00:00Z'),
      day: true,
    })
    expect(to).toMatchObject({ start: new Date('2026-01-31T12:00:00Z'), day: false })
  })

  it('takes empty values as not given', () => {
    const result = parse('type=&category_id=')
    expect(result.success && result.data.filters).toEqual({ type: undefined, category_id: undefined })
  })

  it('refuses a parameter it does not know, naming it (a misspelt filter would answer every row)', () => {
    const result = parse('tpye=genre&page=1')
    expect(result.success).toBe(false)
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['tpye'] }])
  })

  it.each([
    ['page=0', 'page', 'The page field must be at least 1.'],
    ['page=-3', 'page', 'The page field must be at least 1.'],
    ['page=abc', 'page', 'The page field must be an integer.'],
    ['per_page=0', 'per_page', 'The per page field must be at least 1.'],
    ['per_page=100000', 'per_page', 'The per page field must not be greater than 100.'],
    ['per_page=1.5', 'per_page', 'The per page field must be an integer.'],
    ['sort=password_hash', 'sort', 'The sort field may only use: id, name, created_at.'],
    ['sort=name,-nope', 'sort', 'The sort field may only use: id, name, created_at.'],
    ['type=director', 'type', 'The selected type is invalid.'],
    ['category_id=1;drop table tags', 'category_id', 'The category ID field must be an integer.'],
    ['category_id=1&category_id=2', 'category_id', 'The category ID field must be a string.'],
    ['created_at_from=2026-02-30', 'created_at_from', expect.stringMatching(/must be a valid date/)],
    ['created_at_to=yesterday', 'created_at_to', expect.stringMatching(/must be a valid date/)],
    [`keyword=${'x'.repeat(101)}`, 'keyword', 'The keyword field must not be greater than 100 characters.'],
    ['ids=1,x', 'ids', 'The ids field must be a comma list of at most 100 ids.'],
    ['ids=0', 'ids', 'The ids field must be a comma list of at most 100 ids.'],
    ['ids=2147483648', 'ids', 'The ids field must be a comma list of at most 100 ids.'],
    [
      `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'ids',
      expect.stringMatching(/at most 100/),
    ],
  ])('%s -> 422 on %s', (query, field, message) => {
    expect(errorsOf(query)[field]).toEqual([message])
  })

  it('reads ids= as distinct positive ids', () => {
    const result = parse('ids=3,%201,3,,2')
    expect(result.success && result.data.ids).toEqual([3, 1, 2])
  })

  it('reads sort terms, dropping repeats', () => {
    expect(parseSort('name,-id,name', ['id', 'name'])).toEqual([
      { field: 'name', desc: false },
      { field: 'id', desc: true },
    ])
    expect(parseSort(' , ', ['id'])).toEqual([])
    expect(parseSort('x', ['id'])).toBeNull()
  })

  it('makes LIKE wildcards in a keyword literal, one pattern a word', () => {
    expect(containsPatterns('50%_off\\')).toEqual(['%50\\%\\_off\\\\%'])
    expect(containsPatterns('  golden\t123456 golden ')).toEqual(['%golden%', '%123456%'])
  })

  it('refuses a default sort that is not sortable', () => {
    expect(() =>
      defineList({ table: tags, columns: { id: tags.id }, sortable: { id: tags.id }, defaultSort: '-name' }),
    ).toThrow(/defaultSort/)
  })
})

describe('query strings', () => {
  it('keeps repeats as arrays and drops empty values', () => {
    expect({ ...parseQueryString('a=1&a=2&b=&c=x%20y') }).toEqual({ a: ['1', '2'], c: 'x y' })
  })
})
