import { describe, expect, it } from 'vitest'
import { hourInReaderZone } from '../src/features/analytics/local-hour.ts'

describe("a report's sending hour on the reader's clock", () => {
  it('converts a business-zone hour to the reader’s zone, summer time included, and says nothing in the same zone', () => {
    expect(hourInReaderZone('2026-11-29', 8, 'UTC', 'America/New_York')).toEqual({
      time: '03:00',
      zone: 'America/New_York',
    })
    // Shanghai's 08:00 is midnight UTC, two in the morning in Berlin's summer.
    expect(hourInReaderZone('2026-07-01', 8, 'Asia/Shanghai', 'Europe/Berlin')?.time).toBe('02:00')
    // Kathmandu's 08:00 (+05:45) is 21:15 the evening before in Chicago's summer (-05:00).
    expect(hourInReaderZone('2026-07-01', 8, 'Asia/Kathmandu', 'America/Chicago')?.time).toBe('21:15')
    expect(hourInReaderZone('2026-07-01', 8, 'Asia/Shanghai', 'Asia/Shanghai')).toBeNull()
  })
})
