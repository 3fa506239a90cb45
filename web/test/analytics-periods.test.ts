import { presetPeriod } from '@vod/contract/periods'
import { describe, expect, it } from 'vitest'
import { formatMoney } from '../src/features/analytics/money.ts'

describe('analytics date presets', () => {
  // 24 November 2026, 20:00 UTC: already the 25th in Shanghai, still the 24th in New York.
  const now = new Date('2026-11-24T20:00:00Z')

  it('counts business days in the zone the server names', () => {
    expect(presetPeriod('today', 'UTC', now)).toEqual({ start_date: '2026-11-24', end_date: '2026-11-24' })
    expect(presetPeriod('today', 'Asia/Shanghai', now)).toEqual({
      start_date: '2026-11-25',
      end_date: '2026-11-25',
    })
    expect(presetPeriod('yesterday', 'Asia/Kathmandu', now)).toEqual({
      start_date: '2026-11-24',
      end_date: '2026-11-24',
    })
    expect(presetPeriod('last3', 'America/New_York', now)).toEqual({
      start_date: '2026-11-22',
      end_date: '2026-11-24',
    })
    expect(presetPeriod('last7', 'UTC', now)).toEqual({ start_date: '2026-11-18', end_date: '2026-11-24' })
    expect(presetPeriod('last30', 'UTC', now)).toEqual({ start_date: '2026-10-26', end_date: '2026-11-24' })
    expect(presetPeriod('thisMonth', 'Asia/Shanghai', new Date('2026-11-30T18:00:00Z'))).toEqual({
      start_date: '2026-12-01',
      end_date: '2026-12-01',
    })
  })

  it('shows money exactly, with its currency', () => {
    // One format on every screen, the lists' too (issue 58, item 4): the code, then the exact amount.
    expect(formatMoney('1234567.89', 'en')).toBe('USD 1,234,567.89')
    expect(formatMoney('90071992547409.99', 'en')).toBe('USD 90,071,992,547,409.99')
    expect(formatMoney('-0.10', 'en')).toBe('USD -0.10')
    expect(formatMoney('5.00', 'zh-cn')).toBe('USD 5.00')
  })
})
