import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const tabRoutes = [
  demoArea('/tab', 'demos.tab.title', [
    { path: '/tab/index', titleKey: 'demos.tab.title', page: demoPage('tab/TabPage') },
  ]),
]
