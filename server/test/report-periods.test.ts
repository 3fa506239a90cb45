import { describe, expect, it } from 'vitest'
import { duePeriod, isoWeekday, zoneHour } from '../src/modules/report-subscriptions/periods.ts'

/**
 * When a subscribed report is due and what it covers (modules/report-subscriptions/periods.ts,
 * docs/analytics.md "Reports by e-mail"): wall-clock hours of the business zone.
 */
describe('report periods', () => {
  const daily = { frequency: 'daily' as const, weekday: null, hour: 8 }
  const mondays = { frequency: 'weekly' as const, weekday: 1, hour: 8 }
  const long = { day: '2026-01-01', hour: 0 }

  it('reads the hour of the zone, across a change of summer time', () => {
    expect(zoneHour('Asia/Kathmandu', new Date('2026-11-25T18:15:00Z'))).toEqual({
      day: '2026-11-26',
      hour: 0,
    })
    // New York springs forward at 2:00 on 2026-03-08: 06:59 UTC is 1:59, 07:00 UTC is 3:00.
    expect(zoneHour('America/New_York', new Date('2026-03-08T06:59:00Z'))).toEqual({
      day: '2026-03-08',
      hour: 1,
    })
    expect(zoneHour('America/New_York', new Date('2026-03-08T07:00:00Z'))).toEqual({
      day: '2026-03-08',
      hour: 3,
    })
    expect(isoWeekday('2026-11-23')).toBe(1)
    expect(isoWeekday('2026-11-29')).toBe(7)
  })

  it('sends a daily report at its hour with the day before, and the day before that until then', () => {
    expect(duePeriod(daily, { day: '2026-11-26', hour: 8 }, long)).toEqual({
      start: '2026-11-25',
      end: '2026-11-25',
      sendDay: '2026-11-26',
    })
    expect(duePeriod(daily, { day: '2026-11-26', hour: 7 }, long)).toEqual({
      start: '2026-11-24',
      end: '2026-11-24',
      sendDay: '2026-11-25',
    })
    // An hour the zone skips (2:00 on a spring-forward day) is sent at the next hour there is.
    expect(duePeriod({ ...daily, hour: 2 }, { day: '2026-03-08', hour: 3 }, long)?.start).toBe('2026-03-07')
  })

  it('sends a weekly report on its weekday with the seven days before', () => {
    // Wednesday 2026-11-25: the last Monday at 8 was 2026-11-23, covering 16-22 November.
    expect(duePeriod(mondays, { day: '2026-11-25', hour: 12 }, long)).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
      sendDay: '2026-11-23',
    })
    // Monday before 8: the Monday before.
    expect(duePeriod(mondays, { day: '2026-11-23', hour: 7 }, long)?.sendDay).toBe('2026-11-16')
  })

  it('sends a monthly report on the first of the month with the month before, whatever its length', () => {
    const monthly = { frequency: 'monthly' as const, weekday: null, hour: 8 }
    expect(duePeriod(monthly, { day: '2026-03-17', hour: 12 }, long)).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
      sendDay: '2026-03-01',
    })
    // The first before 8: the month before that, sent on the first of the last month.
    expect(duePeriod(monthly, { day: '2026-03-01', hour: 7 }, long)).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      sendDay: '2026-02-01',
    })
    // Across a year.
    expect(duePeriod(monthly, { day: '2027-01-01', hour: 9 }, long)?.start).toBe('2026-12-01')
  })

  it("gives a new subscription its sending hour's report only when made within that hour", () => {
    expect(duePeriod(daily, { day: '2026-11-26', hour: 8 }, { day: '2026-11-26', hour: 8 })?.start).toBe(
      '2026-11-25',
    )
    expect(duePeriod(daily, { day: '2026-11-26', hour: 9 }, { day: '2026-11-26', hour: 9 })).toBeNull()
    expect(duePeriod(mondays, { day: '2026-11-25', hour: 12 }, { day: '2026-11-24', hour: 0 })).toBeNull()
  })
})
