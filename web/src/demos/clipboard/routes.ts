import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const clipboardRoutes = [
  demoArea('/clipboard', 'demos.clipboard.title', [
    {
      path: '/clipboard/index',
      titleKey: 'demos.clipboard.title',
      page: demoPage('clipboard/ClipboardPage'),
    },
  ]),
]
