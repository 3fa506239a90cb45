import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const chartsRoutes = [
  demoArea('/charts', 'demos.charts.titles.area', [
    {
      path: '/charts/bar-chart',
      titleKey: 'demos.charts.titles.bar',
      page: demoPage('charts/BarChartPage'),
    },
    {
      path: '/charts/line-chart',
      titleKey: 'demos.charts.titles.line',
      page: demoPage('charts/LineChartPage'),
    },
    {
      path: '/charts/mixed-chart',
      titleKey: 'demos.charts.titles.mixed',
      page: demoPage('charts/MixedChartPage'),
    },
  ]),
]
