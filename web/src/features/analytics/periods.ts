import { addDays, dayIn } from '@vod/contract/periods'
import type { Period } from '../../api/analytics.ts'

/** The date-range presets (spec section 9's four, plus the last 30 days, this month and last month). */
export const presets = ['today', 'yesterday', 'last3', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const
export type Preset = (typeof presets)[number]

/** A preset's business days, both included, in the zone the figures are counted in. */
export function presetPeriod(preset: Preset, zone: string, now = new Date()): Period {
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
