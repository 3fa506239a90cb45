import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const pdfRoutes = [
  demoArea('/pdf', 'demos.pdf.area', [
    { path: '/pdf/index', titleKey: 'demos.pdf.title', page: demoPage('pdf/PdfPage') },
  ]),
]
