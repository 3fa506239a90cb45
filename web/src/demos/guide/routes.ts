import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const guideRoutes = [
  demoArea('/guide', 'demos.guide.title', [
    { path: '/guide/index', titleKey: 'demos.guide.title', page: demoPage('guide/GuidePage') },
  ]),
]
