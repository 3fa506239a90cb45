// The calendar's arithmetic is the contract's, shared with the web (contract/src/periods.ts).
import { addDays, dayCount, monthOf, nextMonth } from '@vod/contract'

/** The last day of the month a day is in (9999-12-31 too: no day after the date rule is written). */
function monthEnd(day: string): string {
  const at = new Date(`${monthOf(day)}T00:00:00.000Z`)
  at.setUTCMonth(at.getUTCMonth() + 1, 0)
  return at.toISOString().slice(0, 10)
}

/** A range of days or months, both ends included. */
export type Range = [string, string]

/** A range of days, or none when it would end before it starts. */
const rangeOf = (lo: string, hi: string): Range[] => (lo <= hi ? [[lo, hi]] : [])

/**
 * A period cut so that months can be read as one row each: `months`, the first days of the first and last
 * month read whole (null when none is), `days`, the period's days outside them, and `less`, the days of those
 * months outside the period, to subtract. A month the period holds only part of is read whole, less the days
 * it does not hold, when that reads fewer rows (a month row and its other days) than its days in the period:
 * the last 365 days read the month under way as one row, less the days still to come.
 */
export function monthsOf(start: string, end: string): { months: Range | null; days: Range[]; less: Range[] } {
  const first = monthOf(start)
  const last = monthOf(end)
  const days: Range[] = []
  const less: Range[] = []
  /** Days lo to hi of one month: read as the month less its other days (true) or as themselves (false). */
  const edge = (lo: string, hi: string): boolean => {
    const last = monthEnd(hi)
    const others = [
      ...rangeOf(monthOf(lo), addDays(lo, -1)),
      ...(hi < last ? rangeOf(addDays(hi, 1), last) : []),
    ]
    const otherDays = others.reduce((sum, [from, to]) => sum + dayCount(from, to), 0)
    const whole = 1 + otherDays < dayCount(lo, hi)
    if (whole) less.push(...others)
    else days.push([lo, hi])
    return whole
  }
  if (first === last)
    return edge(start, end) ? { months: [first, first], days, less } : { months: null, days, less }
  const from = edge(start, monthEnd(start)) ? first : nextMonth(first)
  const to = edge(last, end) ? last : monthOf(addDays(last, -1))
  return { months: from <= to ? [from, to] : null, days, less }
}

/**
 * A period cut into the months it holds whole (`months`, their first days; null when none) and its other days:
 * what a union of sketches reads, which cannot take days away as monthsOf's sums do.
 */
export function wholeMonthsOf(start: string, end: string): { months: Range | null; days: Range[] } {
  const sameMonth = monthOf(start) === monthOf(end)
  const first = start === monthOf(start) ? start : sameMonth ? null : nextMonth(start)
  const last = end === monthEnd(end) ? monthOf(end) : sameMonth ? null : monthOf(addDays(monthOf(end), -1))
  if (!first || !last || first > last) return { months: null, days: [[start, end]] }
  return {
    months: [first, last],
    // No day after the last month's end is asked of 9999-12 (JavaScript writes it `+010000-01-01`).
    days: [
      ...rangeOf(start, addDays(first, -1)),
      ...(monthEnd(last) < end ? rangeOf(addDays(monthEnd(last), 1), end) : []),
    ],
  }
}

/** The end of the quarter-hour under way: figures from the rollups are whole quarter-hours. */
export function quarterEnd(now: Date): Date {
  const quarter = 15 * 60_000
  return new Date(Math.floor(now.getTime() / quarter) * quarter + quarter)
}
