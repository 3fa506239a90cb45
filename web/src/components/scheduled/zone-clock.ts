import { partsIn } from '../resource/format.ts'

/** Minutes a zone is ahead of UTC at an instant (from its wall clock there). */
export function offsetMinutes(zone: string, at: Date): number {
  const p = partsIn(zone, at)
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute))
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000)
}

/** A wall clock as the schedule form shows and takes it: `YYYY-MM-DD HH:mm`. */
export type WallClock = string

const WALL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/

/** The wall clock of an instant in a zone. */
export function wallClockIn(zone: string, at: Date): WallClock {
  const p = partsIn(zone, at)
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}

/**
 * The instant a zone's wall clock reads `wall` (the business zone's, as staff enter a schedule's time), or
 * null for text that is no such clock. The offset is taken twice, for a day the zone's offset changes.
 */
export function instantOfWallClock(zone: string, wall: WallClock): Date | null {
  const m = WALL.exec(wall)
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  const guess = Date.UTC(year, month - 1, day, hour, minute)
  const first = guess - offsetMinutes(zone, new Date(guess)) * 60_000
  return new Date(guess - offsetMinutes(zone, new Date(first)) * 60_000)
}

/** The zone this browser is in (the staff member's own). */
export const readerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** `2026-11-30 09:00 (Europe/Berlin)`: an instant on the reader's own clock, said with its zone. */
export const readerClock = (at: Date, zone = readerZone()): string => `${wallClockIn(zone, at)} (${zone})`
