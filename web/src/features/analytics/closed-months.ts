import { monthOf, nextMonth } from '@vod/contract/periods'
import type { Period } from '../../api/analytics.ts'

const monthNames = new Map<string, Intl.DateTimeFormat>()

/**
 * A business month by its first day ('2026-10-01') as the language names it ("October 2026", "2026年10月").
 * A calendar month has no zone: read and written in UTC, it is never shifted to the reader's.
 */
export function formatMonth(month: string, language: string): string {
  let format = monthNames.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' })
    monthNames.set(language, format)
  }
  return format.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`))
}

/**
 * The months a period's days touch that are closed (before `closedBefore`, the first month still open), by
 * their first days, oldest first: none while no month is closed.
 */
export function closedMonthsOf(period: Period, closedBefore: string | null): string[] {
  const months: string[] = []
  if (closedBefore === null) return months
  const last = monthOf(period.end_date)
  for (
    let month = monthOf(period.start_date);
    month <= last && month < closedBefore;
    month = nextMonth(month)
  )
    months.push(month)
  return months
}
