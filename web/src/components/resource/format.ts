import { businessZone } from '../../base/business-zone.ts'

/** One formatter a zone: making one costs more than using it. */
const clocks = new Map<string, Intl.DateTimeFormat>()

function clockOf(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone)
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
    clocks.set(zone, clock)
  }
  return clock
}

/** An instant's wall-clock parts in a zone (year ... second, and its offset), as text. */
export const partsIn = (zone: string, at: Date) =>
  Object.fromEntries(
    clockOf(zone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )

/**
 * Timestamps arrive in UTC (API.md) and show on the business zone's clock (base/business-zone.ts), as the
 * lists' day filters and the CSV exports count them: `YYYY-MM-DD HH:mm:ss`.
 */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return ''
  const at = new Date(value)
  if (Number.isNaN(at.getTime())) return value
  const p = partsIn(businessZone(), at)
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/**
 * The zone times on screen are shown in: `UTC+08:00 Asia/Shanghai` (the business zone's offset now, and its
 * name), said beside every time and every date filter.
 */
export function timeZoneLabel(now: Date = new Date()): string {
  const zone = businessZone()
  const offset = (partsIn(zone, now).timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00'
  return zone === 'UTC' ? `UTC${offset}` : `UTC${offset} ${zone}`
}

/** Calendar days (`YYYY-MM-DD`) have no time zone: shown as they come, never shifted. */
export const formatDate = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 10) : '')

const DECIMAL = /^-?\d+(\.\d+)?$/
const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * Money is an exact decimal string on the wire ("19.99", API.md): grouped and punctuated for the
 * language, but never turned into a float on the way (Intl formats the decimal string itself).
 * Anything that is not a decimal string shows as it came.
 */
export function formatMoney(value: unknown, language: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return value == null ? '' : String(value)
  let format = moneyFormats.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 20 })
    moneyFormats.set(language, format)
  }
  // A string goes through Intl as an exact decimal (ECMA-402), however many digits it has.
  return format.format(value as `${number}`)
}

/**
 * How a record is named to a person (a picker's option, a delete confirmation): its contract's label field
 * (`utm_source` for a channel) when given, else its name, username or title, else `#id`.
 */
export function recordLabel(record: { id: number | string }, field?: string): string {
  const values = record as Record<string, unknown>
  const label = [field && values[field], values.name, values.username, values.title].find(
    (value) => typeof value === 'string' && value.trim(),
  )
  return typeof label === 'string' ? label : `#${record.id}`
}
