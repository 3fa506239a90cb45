import { addDays, dayIn, type ReportFrequency } from '@vod/contract'

/** A wall-clock hour of the business zone: its day and hour (0-23). */
export interface ZoneHour {
  day: string
  hour: number
}

const hourFormats = new Map<string, Intl.DateTimeFormat>()

/** The business day and hour an instant falls on in a zone. */
export function zoneHour(zone: string, at: Date): ZoneHour {
  let format = hourFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' })
    hourFormats.set(zone, format)
  }
  return { day: dayIn(zone, at), hour: Number(format.format(at)) }
}

/** The ISO weekday of a calendar day: 1 Monday to 7 Sunday. */
export const isoWeekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7

/** When a subscription is sent and what it covers. */
export interface Schedule {
  frequency: ReportFrequency
  weekday: number | null
  hour: number
}

/** A report's period, both days included, and the business day it goes out on (at the schedule's hour). */
export interface DuePeriod {
  start: string
  end: string
  sendDay: string
}

const before = (a: ZoneHour, b: ZoneHour) => a.day < b.day || (a.day === b.day && a.hour < b.hour)

/**
 * The latest period whose sending time has come by `now`: a daily report goes out at its hour the day after
 * its day; a weekly one on its weekday at its hour, covering the seven days before that weekday; a monthly
 * one on the first day of a month at its hour, covering the month before. A
 * subscription made after a sending time gets that period's report only if it was made within that very
 * hour (subscribing at 8:20 to 8 o'clock mails yesterday's report now); otherwise its first is the next.
 * Wall-clock hours of the zone throughout, so a report goes out at its hour in summer and winter alike.
 */
export function duePeriod(schedule: Schedule, now: ZoneHour, subscribed: ZoneHour): DuePeriod | null {
  let sendDay = now.hour >= schedule.hour ? now.day : addDays(now.day, -1)
  if (schedule.frequency === 'weekly') {
    const back = (isoWeekday(sendDay) - (schedule.weekday ?? 1) + 7) % 7
    sendDay = addDays(sendDay, -back)
  }
  // A monthly report goes out on the month's first day, with the month just closed.
  if (schedule.frequency === 'monthly') sendDay = `${sendDay.slice(0, 7)}-01`
  if (before({ day: sendDay, hour: schedule.hour }, subscribed)) return null
  const end = addDays(sendDay, -1)
  if (schedule.frequency === 'monthly') return { start: `${end.slice(0, 7)}-01`, end, sendDay }
  const days = schedule.frequency === 'weekly' ? 7 : 1
  return { start: addDays(sendDay, -days), end, sendDay }
}
