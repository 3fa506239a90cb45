import type { EChartsCoreOption } from 'echarts/core'

/** A second colour beside the theme's, for the series that is not the main one. */
const ACCENT = '#f5a623'

export interface ChartLabels {
  months: string[]
  views: string
  orders: string
  rate: string
}

// Fixed figures: the demo shows the charts, not the business.
const views = [820, 932, 901, 934, 1290, 1330, 1320, 1450, 1200, 1380, 1510, 1620]
const orders = [120, 132, 101, 134, 190, 230, 210, 250, 198, 240, 260, 300]

export const barOption =
  (labels: ChartLabels) =>
  (primary: string): EChartsCoreOption => ({
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, bottom: 64 },
    xAxis: { type: 'category', data: labels.months },
    yAxis: { type: 'value' },
    dataZoom: [{ type: 'slider', start: 0, end: 100 }],
    series: [
      {
        name: labels.views,
        type: 'bar',
        barWidth: '55%',
        itemStyle: { color: primary, borderRadius: [4, 4, 0, 0] },
        data: views,
      },
    ],
  })

export const lineOption =
  (labels: ChartLabels) =>
  (primary: string): EChartsCoreOption => ({
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.views, labels.orders] },
    grid: { left: 48, right: 24 },
    xAxis: { type: 'category', boundaryGap: false, data: labels.months },
    yAxis: { type: 'value' },
    series: [
      {
        name: labels.views,
        type: 'line',
        itemStyle: { color: primary },
        areaStyle: { opacity: 0.15 },
        data: views,
      },
      { name: labels.orders, type: 'line', itemStyle: { color: ACCENT }, data: orders },
    ],
  })

export const mixedOption =
  (labels: ChartLabels) =>
  (primary: string): EChartsCoreOption => ({
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.views, labels.orders, labels.rate] },
    grid: { left: 48, right: 56 },
    xAxis: { type: 'category', data: labels.months },
    yAxis: [
      { type: 'value', name: labels.views },
      { type: 'value', name: labels.rate, axisLabel: { formatter: '{value} %' } },
    ],
    series: [
      { name: labels.views, type: 'bar', stack: 'total', itemStyle: { color: primary }, data: views },
      { name: labels.orders, type: 'bar', stack: 'total', itemStyle: { color: ACCENT }, data: orders },
      {
        name: labels.rate,
        type: 'line',
        yAxisIndex: 1,
        data: orders.map((count, index) => Math.round((count / (views[index] ?? 1)) * 1000) / 10),
      },
    ],
  })
