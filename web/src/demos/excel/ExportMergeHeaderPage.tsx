import { Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { type TagRow, useTagRows } from '../shared/use-tag-rows.ts'
import { ExportOptions } from './ExportOptions.tsx'
import { exportSheet } from './excel-file.ts'

/**
 * A two-row header: "ID" and "Created at" span both rows, "Tag" spans Name and Type. The table shows
 * it with column groups and the file with merged cells.
 */
export default function ExportMergeHeaderPage() {
  const { t } = useTranslation()
  const { rows, loading, loaded } = useTagRows()
  const title = (key: string) => t(`demos.shared.columns.${key}`)
  const group = t('demos.excel.tagGroup')
  const header = [
    [title('id'), group, '', title('created_at')],
    ['', title('name'), title('type'), ''],
  ]
  return (
    <DemoPage
      title={t('demos.excel.titles.exportMergeHeader')}
      intro={t('demos.excel.intro.exportMergeHeader')}
    >
      <ExportOptions
        onExport={async (choice) =>
          exportSheet({
            ...choice,
            header,
            merges: ['A1:A2', 'B1:C1', 'D1:D2'],
            rows: (await loaded()).map((row) => [row.id, row.name, row.type, row.created_at]),
          })
        }
      />
      <Table<TagRow>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        columns={[
          { key: 'id', dataIndex: 'id', title: title('id') },
          {
            key: 'tag',
            title: group,
            children: [
              { key: 'name', dataIndex: 'name', title: title('name') },
              { key: 'type', dataIndex: 'type', title: title('type') },
            ],
          },
          { key: 'created_at', dataIndex: 'created_at', title: title('created_at') },
        ]}
      />
    </DemoPage>
  )
}
