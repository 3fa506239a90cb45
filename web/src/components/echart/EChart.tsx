import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { type CSSProperties, useEffect, useRef } from 'react'
import { useSettings } from '../../stores/settings.ts'

/**
 * An ECharts chart: ECharts loads with the first chart shown (its own chunk), the option is built from
 * the theme colour so the chart follows the settings, and the chart resizes with its box (window
 * resizes, sidebar toggles).
 */
export function EChart({
  option,
  style,
  testId,
}: {
  option: (primary: string) => EChartsCoreOption
  style?: CSSProperties
  testId?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)
  const primary = useSettings((state) => state.theme)
  // What the chart shows when ECharts has loaded, whichever render that comes after.
  const latest = useRef({ option, primary })
  latest.current = { option, primary }

  useEffect(() => {
    let disposed = false
    let observer: ResizeObserver | undefined
    void import('./echarts-setup.ts').then(({ init }) => {
      if (disposed || !box.current) return
      chart.current = init(box.current)
      chart.current.setOption(latest.current.option(latest.current.primary))
      observer = new ResizeObserver(() => chart.current?.resize())
      observer.observe(box.current)
    })
    return () => {
      disposed = true
      observer?.disconnect()
      chart.current?.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option(primary), { notMerge: true })
  }, [option, primary])

  return <div ref={box} data-testid={testId} style={{ width: '100%', height: 420, ...style }} />
}
