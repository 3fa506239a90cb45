import { defineActions } from '@vod/contract/actions'
import { describe, expect, it } from 'vitest'
import { completeOrder, moveId } from '../src/components/resource/child-order.ts'
import { csvLine, previewRows, rowErrors, templateCsv } from '../src/components/resource/csv.ts'
import { formatDate, formatMoney } from '../src/components/resource/format.ts'
import { offeredActions } from '../src/components/resource/record-actions.ts'

describe('money', () => {
  it('groups and punctuates exact decimal strings per language, without going through a float', () => {
    expect(formatMoney('1234567.89', 'en')).toBe('1,234,567.89')
    expect(formatMoney('1234567.89', 'zh-cn')).toBe('1,234,567.89')
    expect(formatMoney('1234.5', 'de')).toBe('1.234,50')
    // Beyond a double's 15-17 significant digits, every digit stays.
    expect(formatMoney('12345678901234567.99', 'en')).toBe('12,345,678,901,234,567.99')
    expect(formatMoney('0.10', 'en')).toBe('0.10')
    expect(formatMoney('-19.99', 'en')).toBe('-19.99')
  })

  it('shows what is not a decimal string as it came', () => {
    expect(formatMoney('n/a', 'en')).toBe('n/a')
    expect(formatMoney(null, 'en')).toBe('')
  })
})

describe('calendar days', () => {
  it('are shown as given, never shifted by a time zone', () => {
    expect(formatDate('2026-01-02')).toBe('2026-01-02')
  })
})

describe('actions a record is offered (contract transition tables)', () => {
  const table = defineActions({
    solve: { from: ['pending'], to: 'solved' },
    archive: { from: ['pending', 'solved'], to: 'archived' },
    recover: { from: ['archived'], to: 'pending' },
    ban: { from: ['reported'], to: 'banned', field: 'report_status' },
  })
  const all = () => true

  it('offers exactly the actions whose `from` holds the record’s state', () => {
    expect(offeredActions(table, { status: 'pending' }, all)).toEqual(['solve', 'archive'])
    expect(offeredActions(table, { status: 'archived' }, all)).toEqual(['recover'])
  })

  it('reads the state from the declared field, by its wire name', () => {
    expect(offeredActions(table, { status: 'x', report_status: 'reported' }, all)).toEqual(['ban'])
  })

  it('leaves out what the admin may not do', () => {
    expect(offeredActions(table, { status: 'pending' }, (action) => action !== 'archive')).toEqual(['solve'])
  })
})

describe('ordering children', () => {
  it('moves an id to another’s place', () => {
    expect(moveId([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4])
    expect(moveId([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3])
    expect(moveId([1, 2], 1, 9)).toEqual([1, 2])
  })

  it('sends a single page as it is, and puts a rearranged page among the others', async () => {
    const fetched: number[] = []
    const idsOnPage = async (page: number) => {
      fetched.push(page)
      return [page * 10 + 1, page * 10 + 2]
    }
    expect(await completeOrder([2, 1], { page: 1, per_page: 2, total: 2 }, idsOnPage)).toEqual([2, 1])
    expect(fetched).toEqual([])
    expect(await completeOrder([22, 21], { page: 2, per_page: 2, total: 5 }, idsOnPage)).toEqual([
      11, 12, 22, 21, 31, 32,
    ])
    expect(fetched).toEqual([1, 3])
  })
})

describe('the import screen’s CSV', () => {
  it('quotes what needs quoting', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines'])).toBe('a,"b,c","say ""hi""","two\nlines"')
  })

  it('builds the template: BOM, header, example row', () => {
    expect(
      templateCsv([
        { name: 'title', example: 'A, B' },
        { name: 'tag_ids', example: '1|2' },
      ]),
    ).toBe('\uFEFFtitle,tag_ids\r\n"A, B",1|2\r\n')
  })

  it('reads the first rows of a file, dropping a last line the slice may have cut', () => {
    const text = '\uFEFFtitle,note\r\n"Milk, eggs","said ""no"""\r\nplain,"two\nlines"\r\ncut sh'
    expect(previewRows(text, 10, false)).toEqual([
      ['title', 'note'],
      ['Milk, eggs', 'said "no"'],
      ['plain', 'two\nlines'],
    ])
    expect(previewRows(text, 10, true).at(-1)).toEqual(['cut sh'])
    expect(previewRows(text, 2, true)).toHaveLength(2)
  })

  it('lists a failed import’s errors by row, then field', () => {
    expect(
      rowErrors({ 'rows.10.title': 'c', 'rows.2.tag_ids': 'b', 'rows.2.status': 'a', file: 'elsewhere' }),
    ).toEqual([
      { row: 2, field: 'status', message: 'a' },
      { row: 2, field: 'tag_ids', message: 'b' },
      { row: 10, field: 'title', message: 'c' },
    ])
  })
})

describe('action buttons: red only for a loss', () => {
  it('draws disable red, publish (asked first too) not', async () => {
    const { isDangerous } = await import('../src/components/resource/record-actions.ts')
    const { stateColors } = await import('../src/components/resource/Display.tsx')
    const { videoActions } = await import('@vod/contract/resources/videos')
    const { userActions } = await import('@vod/contract/resources/members')
    expect(isDangerous(videoActions, 'publish', stateColors)).toBe(false)
    expect(isDangerous(userActions, 'disable', stateColors)).toBe(true)
    expect(isDangerous(userActions, 'enable', stateColors)).toBe(false)
  })
})
