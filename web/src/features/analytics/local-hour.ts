/** Minutes a zone is ahead of UTC at an instant (from its wall clock there). */
function offsetMinutes(zone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  )
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  )
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000)
}

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
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: readerZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at)
  return { time, zone: readerZone }
}
