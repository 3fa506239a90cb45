import type { Period } from '../../api/analytics.ts'

/** The date-range presets (spec section 9's four, plus the last 30 days and this month). */
export const presets = ['today', 'yesterday', 'last3', 'last7', 'last30', 'thisMonth'] as const
export type Preset = (typeof presets)[number]

const DAY_MS = 86_400_000

/** One formatter a zone: making one costs more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** Today in the business zone, `YYYY-MM-DD`. */
export function todayIn(zone: string, now = new Date()): string {
  // UTC, the zone a screen counts in until an answer names one, needs no formatter (making one costs ms).
  if (zone === 'UTC') return now.toISOString().slice(0, 10)
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
  return format.format(now)
}

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** A preset's business days, both included, in the zone the figures are counted in. */
export function presetPeriod(preset: Preset, zone: string, now = new Date()): Period {
  const today = todayIn(zone, now)
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
  }
}
