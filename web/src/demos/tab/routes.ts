import { demoArea } from '../shared/demo-route.ts'

export const tabRoutes = [
  demoArea('/tab', 'demos.tab.title', [
    { path: '/tab/index', titleKey: 'demos.tab.title', page: () => import('./TabPage.tsx') },
  ]),
]
