import { describe, expect, it } from 'vitest'
import { figuresOption } from '../src/features/analytics/FiguresChart.tsx'

describe("the analytics' chart", () => {
  it('draws lines straight between days, so an empty day reads 0 and nothing dips under it', () => {
    const option = figuresOption({
      labels: ['11-01', '11-02', '11-03'],
      rows: [
        { gross: '120.00', orders: 4 },
        { gross: '0.00', orders: 0 },
        { gross: '95.50', orders: 3 },
      ],
      figures: ['gross', 'orders'],
      kind: 'line',
      reduced: false,
      t: (key) => key,
    })('#1677ff') as { series: { smooth?: boolean; data: number[] }[] }
    expect(option.series.map((series) => series.data)).toEqual([
      [120, 0, 95.5],
      [4, 0, 3],
    ])
    for (const series of option.series) expect(series.smooth ?? false).toBe(false)
  })
})
