import { InboxOutlined } from '@ant-design/icons'
import { Table, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '../../base/notify.ts'
import { DemoPage } from '../shared/DemoPage.tsx'
import { readSheet } from './excel-file.ts'

/** The template's limit for the upload demo. */
const MAX_BYTES = 1024 * 1024

interface Preview {
  header: string[]
  rows: Record<string, string>[]
}

/** An .xlsx dropped or picked here is read in the browser (exceljs) and shown as a table; nothing is sent. */
export default function UploadExcelPage() {
  const { t } = useTranslation()
  const [preview, setPreview] = useState<Preview | null>(null)

  const read = async (file: File) => {
    if (file.size > MAX_BYTES) {
      void notify('warning', t('demos.excel.tooLarge'))
      return
    }
    try {
      const [header = [], ...body] = await readSheet(file)
      setPreview({
        header,
        rows: body.map((cells, index) => ({
          key: String(index),
          ...Object.fromEntries(header.map((_, column) => [String(column), cells[column] ?? ''])),
        })),
      })
    } catch {
      void notify('error', t('demos.excel.unreadable'))
    }
  }

  return (
    <DemoPage title={t('demos.excel.titles.uploadExcel')} intro={t('demos.excel.intro.uploadExcel')}>
      <div data-testid="excel-upload">
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void read(file)
            return Upload.LIST_IGNORE
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('demos.excel.drop')}</p>
          <p className="ant-upload-hint">{t('demos.excel.limit')}</p>
        </Upload.Dragger>
      </div>
      {preview && (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          data-testid="excel-preview"
          dataSource={preview.rows}
          columns={preview.header.map((title, column) => ({
            key: String(column),
            dataIndex: String(column),
            title,
          }))}
        />
      )}
    </DemoPage>
  )
}
