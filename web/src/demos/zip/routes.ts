import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const zipRoutes = [
  demoArea('/zip', 'demos.zip.area', [
    { path: '/zip/download', titleKey: 'demos.zip.title', page: demoPage('zip/ZipDownloadPage') },
  ]),
]
