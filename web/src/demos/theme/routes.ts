import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const themeRoutes = [
  demoArea('/theme', 'demos.theme.title', [
    { path: '/theme/index', titleKey: 'demos.theme.title', page: demoPage('theme/ThemePage') },
  ]),
]
