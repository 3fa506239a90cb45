import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

export const excelRoutes = [
  demoArea('/excel', 'demos.excel.titles.area', [
    {
      path: '/excel/export-excel',
      titleKey: 'demos.excel.titles.exportExcel',
      page: demoPage('excel/ExportExcelPage'),
    },
    {
      path: '/excel/export-selected-excel',
      titleKey: 'demos.excel.titles.exportSelected',
      page: demoPage('excel/ExportSelectedPage'),
    },
    {
      path: '/excel/export-merge-header',
      titleKey: 'demos.excel.titles.exportMergeHeader',
      page: demoPage('excel/ExportMergeHeaderPage'),
    },
    {
      path: '/excel/upload-excel',
      titleKey: 'demos.excel.titles.uploadExcel',
      page: demoPage('excel/UploadExcelPage'),
    },
  ]),
]
