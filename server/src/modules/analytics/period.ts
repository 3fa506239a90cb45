const DAY_MS = 86_400_000

/** The business day an instant falls on in a zone, `YYYY-MM-DD`. */
export function dayIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** A calendar day moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Days from start to end, both included. */
export function dayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1
}

/** The period of the same length just before this one. */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const length = dayCount(start, end)
  return { start: addDays(start, -length), end: addDays(start, -1) }
}

/** The first day of the month a day is in. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`

/**
 * A period cut where whole months can be read as one row each: `months`, the first days of its first and last
 * whole month (null when it holds none), and `days`, the ranges of days outside them (both ends included).
 */
export function monthsOf(
  start: string,
  end: string,
): { months: [string, string] | null; days: [string, string][] } {
  // The period's first whole month starts on its first day, or else on the first of the next month.
  const first = start === monthOf(start) ? start : monthOf(addDays(monthOf(start), 31))
  // The first day of the month the day after the period is in: whole months end before it.
  const after = monthOf(addDays(end, 1))
  if (first >= after) return { months: null, days: [[start, end]] }
  const days: [string, string][] = []
  if (start < first) days.push([start, addDays(first, -1)])
  if (after <= end) days.push([after, end])
  return { months: [first, monthOf(addDays(after, -1))], days }
}

/** The end of the quarter-hour under way: figures from the rollups are whole quarter-hours. */
export function quarterEnd(now: Date): Date {
  const quarter = 15 * 60_000
  return new Date(Math.floor(now.getTime() / quarter) * quarter + quarter)
}
