/**
 * Calendar days and periods of them (`YYYY-MM-DD`, both ends included), as the server counts them and the web
 * asks for them: one arithmetic on both sides (docs/analytics.md "Business days").
 */

export const DAY_MS = 86_400_000

/** A period of days, both included, as the wire writes it. */
export interface DayPeriod {
  start_date: string
  end_date: string
}

/** One formatter a zone: making one costs more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The business day an instant falls on in a zone (today unless `at` is given), `YYYY-MM-DD`. */
export function dayIn(zone: string, at = new Date()): string {
  // UTC, the zone a screen counts in until an answer names one, needs no formatter (making one costs ms).
  if (zone === 'UTC') return at.toISOString().slice(0, 10)
  let format = dayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(zone, format)
  }
  return format.format(at)
}

/** A calendar day moved by a number of days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** The first day of the month a day is in. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`

/** The first day of the month after the one a day is in (never asked of December 9999). */
export const nextMonth = (day: string) => monthOf(addDays(monthOf(day), 31))

/** Days from start to end, both included. */
export const dayCount = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1

/** The period of the same length just before this one (what every period is compared with). */
export function previousPeriod(period: DayPeriod): DayPeriod {
  const length = dayCount(period.start_date, period.end_date)
  return { start_date: addDays(period.start_date, -length), end_date: addDays(period.start_date, -1) }
}

/** The date-range presets (spec section 9's four, plus the last 30 days, this month and last month). */
export const presets = ['today', 'yesterday', 'last3', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const
export type Preset = (typeof presets)[number]

/** A preset's business days, both included, in the zone the figures are counted in. */
export function presetPeriod(preset: Preset, zone: string, now = new Date()): DayPeriod {
  const today = dayIn(zone, now)
  switch (preset) {
    case 'today':
      return { start_date: today, end_date: today }
    case 'yesterday':
      return { start_date: addDays(today, -1), end_date: addDays(today, -1) }
    case 'last3':
      return { start_date: addDays(today, -2), end_date: today }
    case 'last7':
      return { start_date: addDays(today, -6), end_date: today }
    case 'last30':
      return { start_date: addDays(today, -29), end_date: today }
    case 'thisMonth':
      return { start_date: `${today.slice(0, 8)}01`, end_date: today }
    case 'lastMonth': {
      // The day before this month's first is last month's last.
      const end = addDays(`${today.slice(0, 8)}01`, -1)
      return { start_date: `${end.slice(0, 8)}01`, end_date: end }
    }
  }
}
