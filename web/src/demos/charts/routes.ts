import { demoArea } from '../shared/demo-route.ts'

export const chartsRoutes = [
  demoArea('/charts', 'demos.charts.titles.area', [
    {
      path: '/charts/bar-chart',
      titleKey: 'demos.charts.titles.bar',
      page: () => import('./BarChartPage.tsx'),
    },
    {
      path: '/charts/line-chart',
      titleKey: 'demos.charts.titles.line',
      page: () => import('./LineChartPage.tsx'),
    },
    {
      path: '/charts/mixed-chart',
      titleKey: 'demos.charts.titles.mixed',
      page: () => import('./MixedChartPage.tsx'),
    },
  ]),
]
