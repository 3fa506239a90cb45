import { Button, Input, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { saveFile } from '../shared/save-file.ts'
import { TagTable, tagCells, useTagColumnTitles } from '../shared/TagTable.tsx'
import { useTagRows } from '../shared/use-tag-rows.ts'

/** The table as tab-separated text, inside a zip named by the field; jszip loads on the first download. */
export default function ZipDownloadPage() {
  const { t } = useTranslation()
  const { rows, loading } = useTagRows()
  const titles = useTagColumnTitles()
  const [fileName, setFileName] = useState('')
  const [busy, setBusy] = useState(false)

  const download = async () => {
    setBusy(true)
    try {
      const { default: JSZip } = await import('jszip')
      const name = fileName.trim() || 'tags'
      const text = [titles, ...rows.map(tagCells)].map((row) => row.join('\t')).join('\n')
      const zip = new JSZip()
      zip.file(`${name}.txt`, text)
      saveFile(await zip.generateAsync({ type: 'blob' }), `${name}.zip`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <DemoPage title={t('demos.zip.title')} intro={t('demos.zip.intro')}>
      <Space style={{ marginBottom: 16 }}>
        <Input
          aria-label={t('demos.shared.fileName')}
          data-testid="zip-file-name"
          placeholder={t('demos.shared.fileNamePlaceholder')}
          value={fileName}
          onChange={(event) => setFileName(event.target.value)}
          style={{ width: 260 }}
        />
        <Button
          type="primary"
          data-testid="zip-download"
          loading={busy}
          disabled={loading}
          onClick={download}
        >
          {t('demos.zip.download')}
        </Button>
      </Space>
      <TagTable dataSource={rows} loading={loading} />
    </DemoPage>
  )
}
