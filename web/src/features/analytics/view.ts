import { type Preset, presetPeriod, presets } from '@vod/contract/periods'
import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { Period } from '../../api/analytics.ts'

/**
 * What an analytics screen shows, kept in its address (`#/analytics/daily/channel?channel=3&preset=last30`,
 * or `?start_date=2026-11-01&end_date=2026-11-15` for a range), so a view can be shared and a reload keeps
 * it; the route prefetch (app/route-queries.ts) reads the same address to ask for the same figures.
 */
export interface AnalyticsView {
  /** A preset period, or null for the range below. */
  preset: Preset | null
  range: Period | null
  /** One channel, or null for all. */
  channel: number | null
  /** One campaign, or null for all (the screens that pick one: subscription economics). */
  campaign: number | null
  /** One plan, or null for all (as campaign). */
  plan: number | null
}

const DEFAULT_PRESET: Preset = 'last7'
const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

type PeriodOfView = Pick<AnalyticsView, 'preset' | 'range'>

/** The period last shown on an analytics screen in this page load: the next screen opened opens on it. */
let kept: PeriodOfView = { preset: DEFAULT_PRESET, range: null }

/** Keeps a screen's period for the screens opened after it (useAnalyticsView, on every view it shows). */
export function keepPeriod(view: PeriodOfView): void {
  kept = { preset: view.preset, range: view.range }
}

/**
 * The view an address's query names; a period it does not name (or names wrongly) is the one last shown on
 * any analytics screen, so moving between them keeps the period picked.
 */
export function viewFromSearch(search: URLSearchParams): AnalyticsView {
  const idOf = (name: string) => {
    const value = search.get(name)
    return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
  }
  const picked = { channel: idOf('channel'), campaign: idOf('campaign'), plan: idOf('plan') }
  const start = search.get('start_date')
  const end = search.get('end_date')
  if (isDay(start) && isDay(end) && start <= end)
    return { preset: null, range: { start_date: start, end_date: end }, ...picked }
  const named = search.get('preset')
  if ((presets as readonly string[]).includes(named ?? ''))
    return { preset: named as Preset, range: null, ...picked }
  return { ...kept, ...picked }
}

/** The address's query for a view: the defaults are left out. */
export function searchOfView(view: AnalyticsView): URLSearchParams {
  const search = new URLSearchParams()
  for (const name of ['channel', 'campaign', 'plan'] as const)
    if (view[name] !== null) search.set(name, String(view[name]))
  if (view.range) {
    search.set('start_date', view.range.start_date)
    search.set('end_date', view.range.end_date)
  } else if (view.preset && view.preset !== DEFAULT_PRESET) search.set('preset', view.preset)
  return search
}

/**
 * The business days a view covers. A preset's days depend on the zone the figures are counted in, which the
 * screen learns from the first answer: until then UTC, on the screen and in the prefetch alike.
 */
export const periodOfView = (view: AnalyticsView, zone: string): Period =>
  view.range ?? presetPeriod(view.preset ?? DEFAULT_PRESET, zone)

/**
 * The screen's view from its address, and the changes that write it back (replacing the entry). A change
 * shows at once and the next one builds on it, though the address follows only when the router has moved.
 */
export function useAnalyticsView() {
  const [search, setSearch] = useSearchParams()
  const [wanted, setWanted] = useState<string | null>(null)
  const shown = wanted ?? search.toString()
  // Once the address says what was wanted (or something else, moved to from outside), it rules again.
  const committed = search.toString()
  const [lastCommitted, setLastCommitted] = useState(committed)
  if (committed !== lastCommitted) {
    setLastCommitted(committed)
    setWanted(null)
  }
  const change = useCallback(
    (next: Partial<AnalyticsView>) => {
      const picked = { ...viewFromSearch(new URLSearchParams(shown)), ...next }
      // Kept before the address moves: an address naming no period reads the kept one.
      keepPeriod(picked)
      const target = searchOfView(picked)
      setWanted(target.toString())
      setSearch(target, { replace: true })
    },
    [setSearch, shown],
  )
  const view = viewFromSearch(new URLSearchParams(shown))
  keepPeriod(view)
  return { view, change }
}
