import { Typography } from 'antd'
import { type Key, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { TagTable, tagCells, useTagColumnTitles } from '../shared/TagTable.tsx'
import { useTagRows } from '../shared/use-tag-rows.ts'
import { ExportOptions } from './ExportOptions.tsx'
import { exportSheet } from './excel-file.ts'

export default function ExportSelectedPage() {
  const { t } = useTranslation()
  const { rows, loading } = useTagRows()
  const titles = useTagColumnTitles()
  const [selected, setSelected] = useState<Key[]>([])
  const chosen = rows.filter((row) => selected.includes(row.id))
  return (
    <DemoPage title={t('demos.excel.titles.exportSelected')} intro={t('demos.excel.intro.exportSelected')}>
      <ExportOptions
        disabled={chosen.length === 0}
        onExport={(choice) => exportSheet({ ...choice, header: [titles], rows: chosen.map(tagCells) })}
      />
      <Typography.Paragraph>{t('demos.excel.selected', { count: chosen.length })}</Typography.Paragraph>
      <TagTable
        dataSource={rows}
        loading={loading}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        data-testid="excel-table"
      />
    </DemoPage>
  )
}
