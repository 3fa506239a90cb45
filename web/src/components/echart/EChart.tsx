import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { type CSSProperties, useEffect, useRef } from 'react'
import { useSettings } from '../../stores/settings.ts'

interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Where the chart drew its legend and its axes (labels and names included), in the box's pixels, as
 * `data-layout` on the box: what a test reads to know the legend covers no axis and money and counts have
 * an axis each. Read through the views ECharts keeps per component; a chart without them writes nothing.
 */
function describeLayout(chart: EChartsType, box: HTMLDivElement | null) {
  if (!box) return
  type View = { group: { x: number; y: number; getBoundingRect(): Rect } }
  type Model = { getComponent(type: string, index: number): object | undefined }
  const internal = chart as unknown as {
    getModel(): Model
    getViewOfComponentModel(model: object): View | undefined
  }
  const rectOf = (type: string, index: number): Rect | null => {
    const model = internal.getModel?.()?.getComponent(type, index)
    const view = model && internal.getViewOfComponentModel?.(model)
    if (!view) return null
    const rect = view.group.getBoundingRect()
    return { x: rect.x + view.group.x, y: rect.y + view.group.y, width: rect.width, height: rect.height }
  }
  const option = chart.getOption() as { yAxis?: unknown[]; xAxis?: unknown[] }
  const axes = [
    ...(option.xAxis ?? []).map((_, i) => rectOf('xAxis', i)),
    ...(option.yAxis ?? []).map((_, i) => rectOf('yAxis', i)),
  ].filter((rect): rect is Rect => rect !== null)
  box.dataset.layout = JSON.stringify({
    yAxes: option.yAxis?.length ?? 0,
    legend: rectOf('legend', 0),
    axes,
  })
}

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
      const drawn = chart.current
      drawn.on('finished', () => describeLayout(drawn, box.current))
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
