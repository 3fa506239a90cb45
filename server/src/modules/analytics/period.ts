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

/** The end of the quarter-hour under way: figures from the rollups are whole quarter-hours. */
export function quarterEnd(now: Date): Date {
  const quarter = 15 * 60_000
  return new Date(Math.floor(now.getTime() / quarter) * quarter + quarter)
}
