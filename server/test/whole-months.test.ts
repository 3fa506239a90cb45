import { describe, expect, it } from 'vitest'
import { wholeMonthsOf } from '../src/modules/analytics/period.ts'

/** A period cut for a union of sketches: the months it holds whole, and its other days (never a day taken away). */
describe('wholeMonthsOf', () => {
  it.each([
    ['2026-03-05', '2026-03-20', null, [['2026-03-05', '2026-03-20']]],
    ['2026-03-01', '2026-03-31', ['2026-03-01', '2026-03-01'], []],
    [
      '2026-01-15',
      '2026-04-10',
      ['2026-02-01', '2026-03-01'],
      [
        ['2026-01-15', '2026-01-31'],
        ['2026-04-01', '2026-04-10'],
      ],
    ],
    ['2026-01-31', '2026-02-27', null, [['2026-01-31', '2026-02-27']]],
    ['2025-12-02', '2026-01-31', ['2026-01-01', '2026-01-01'], [['2025-12-02', '2025-12-31']]],
    ['9999-01-01', '9999-12-31', ['9999-01-01', '9999-12-01'], []],
    ['9999-12-02', '9999-12-31', null, [['9999-12-02', '9999-12-31']]],
  ])('cuts %s to %s', (start, end, months, days) => {
    expect(wholeMonthsOf(start, end)).toEqual({ months, days })
  })
})
