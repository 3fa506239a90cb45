import { demoArea } from '../shared/demo-route.ts'

export const excelRoutes = [
  demoArea('/excel', 'demos.excel.titles.area', [
    {
      path: '/excel/export-excel',
      titleKey: 'demos.excel.titles.exportExcel',
      page: () => import('./ExportExcelPage.tsx'),
    },
    {
      path: '/excel/export-selected-excel',
      titleKey: 'demos.excel.titles.exportSelected',
      page: () => import('./ExportSelectedPage.tsx'),
    },
    {
      path: '/excel/export-merge-header',
      titleKey: 'demos.excel.titles.exportMergeHeader',
      page: () => import('./ExportMergeHeaderPage.tsx'),
    },
    {
      path: '/excel/upload-excel',
      titleKey: 'demos.excel.titles.uploadExcel',
      page: () => import('./UploadExcelPage.tsx'),
    },
  ]),
]
