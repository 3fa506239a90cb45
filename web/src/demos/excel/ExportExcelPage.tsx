import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { TagTable, tagCells, useTagColumnTitles } from '../shared/TagTable.tsx'
import { useTagRows } from '../shared/use-tag-rows.ts'
import { ExportOptions } from './ExportOptions.tsx'
import { exportSheet } from './excel-file.ts'

export default function ExportExcelPage() {
  const { t } = useTranslation()
  const { rows, loading, loaded } = useTagRows()
  const titles = useTagColumnTitles()
  return (
    <DemoPage title={t('demos.excel.titles.exportExcel')} intro={t('demos.excel.intro.exportExcel')}>
      <ExportOptions
        onExport={async (choice) =>
          exportSheet({ ...choice, header: [titles], rows: (await loaded()).map(tagCells) })
        }
      />
      <TagTable dataSource={rows} loading={loading} data-testid="excel-table" />
    </DemoPage>
  )
}
