import dayjs from 'dayjs'

/** Timestamps arrive in UTC (API.md) and show in the viewer's time zone. */
export const formatDateTime = (value: unknown): string =>
  typeof value === 'string' && value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''

/**
 * The viewer's time zone, as times on screen are shown in it: `UTC+08:00` (and the zone's name where the
 * browser gives one), said beside every time so that a screen and its CSV export (UTC) are not confused.
 */
export function timeZoneLabel(now: Date = new Date()): string {
  const offset = dayjs(now).format('Z')
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone
  return name && name !== 'UTC' ? `UTC${offset} ${name}` : `UTC${offset}`
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
