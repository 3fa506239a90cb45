import { partsIn } from '../../components/resource/format.ts'
import { offsetMinutes } from '../../components/scheduled/zone-clock.ts'

/**
 * A business-zone hour of `day` (YYYY-MM-DD) as the reader's own clock reads it (`HH:mm`, and the reader's
 * zone), or null where the reader's zone is the business zone: a report's sending time in both.
 */
export function hourInReaderZone(
  day: string,
  hour: number,
  businessZone: string,
  readerZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): { time: string; zone: string } | null {
  if (readerZone === businessZone) return null
  const [year, month, date] = day.split('-').map(Number)
  const guess = Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, hour)
  // The wall-clock hour there, less the zone's offset then (taken twice, for a day the offset changes).
  const first = guess - offsetMinutes(businessZone, new Date(guess)) * 60_000
  const at = new Date(guess - offsetMinutes(businessZone, new Date(first)) * 60_000)
  const local = partsIn(readerZone, at)
  return { time: `${local.hour}:${local.minute}`, zone: readerZone }
}
