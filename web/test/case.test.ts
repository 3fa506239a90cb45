import { describe, expect, it } from 'vitest'
import { camelKeys, snakeKeys, toCamel, toSnake } from '../src/api/case.ts'

describe('key names', () => {
  it.each([
    ['categoryId', 'category_id'],
    ['createdAt', 'created_at'],
    ['id', 'id'],
    ['utmID', 'utm_id'],
    ['orderID', 'order_id'],
    ['URLPath', 'url_path'],
    ['utmIDValue', 'utm_id_value'],
    ['address2', 'address2'],
    ['rows.1.userName', 'rows.1.user_name'],
    ['already_snake', 'already_snake'],
  ])('camel %s -> snake %s', (camel, snake) => {
    expect(toSnake(camel)).toBe(snake)
  })

  it.each([
    ['category_id', 'categoryId'],
    ['total_estimated', 'totalEstimated'],
    ['utm_id', 'utmId'],
    ['initial_period_count', 'initialPeriodCount'],
    ['rows.1.user_name', 'rows.1.userName'],
    ['_private', '_private'],
    ['id', 'id'],
  ])('snake %s -> camel %s', (snake, camel) => {
    expect(toCamel(snake)).toBe(camel)
  })

  it('round-trips what the server sends', () => {
    for (const key of ['utm_id', 'created_at', 'per_page', 'total_estimated', 'category_id'])
      expect(toSnake(toCamel(key))).toBe(key)
  })
})

describe('deep conversion', () => {
  it('renames keys through nested objects and arrays, not values', () => {
    const wire = {
      data: [{ category_id: 3, tags: [{ created_at: 'created_at' }] }],
      meta: { current_page: 1, total_estimated: 1 },
    }
    expect(camelKeys(wire)).toEqual({
      data: [{ categoryId: 3, tags: [{ createdAt: 'created_at' }] }],
      meta: { currentPage: 1, totalEstimated: 1 },
    })
    expect(snakeKeys(camelKeys(wire))).toEqual(wire)
  })

  it('leaves Files, Blobs, FormData and Dates alone', () => {
    const file = new File(['x'], 'a.csv')
    const form = new FormData()
    const date = new Date(0)
    const out = snakeKeys({ upload: file, parts: [form], whenAt: date }) as Record<string, unknown>
    expect(out.upload).toBe(file)
    expect((out.parts as unknown[])[0]).toBe(form)
    expect(out.when_at).toBe(date)
  })

  it('passes scalars and null through', () => {
    expect(camelKeys(null)).toBeNull()
    expect(camelKeys('some_text')).toBe('some_text')
    expect(camelKeys([1, 'a_b'])).toEqual([1, 'a_b'])
  })
})
