import { Button, Input, Radio, Space, Switch } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookType } from './excel-file.ts'

export interface ExportChoice {
  fileName: string
  bookType: BookType
  autoWidth: boolean
}

/** File name, automatic column width and file type, then the export button. */
export function ExportOptions({
  onExport,
  disabled,
}: {
  onExport: (choice: ExportChoice) => Promise<void>
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState<ExportChoice>({ fileName: '', bookType: 'xlsx', autoWidth: true })
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await onExport(choice)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        aria-label={t('demos.shared.fileName')}
        data-testid="excel-file-name"
        placeholder={t('demos.shared.fileNamePlaceholder')}
        value={choice.fileName}
        onChange={(event) => setChoice({ ...choice, fileName: event.target.value })}
        style={{ width: 260 }}
      />
      <span>
        {t('demos.excel.autoWidth')}{' '}
        <Switch
          checked={choice.autoWidth}
          onChange={(autoWidth) => setChoice({ ...choice, autoWidth })}
          aria-label={t('demos.excel.autoWidth')}
        />
      </span>
      <Radio.Group
        optionType="button"
        value={choice.bookType}
        onChange={(event) => setChoice({ ...choice, bookType: event.target.value })}
        options={[
          { value: 'xlsx', label: 'xlsx' },
          { value: 'csv', label: 'csv' },
        ]}
      />
      <Button type="primary" data-testid="excel-export" loading={busy} disabled={disabled} onClick={run}>
        {t('demos.excel.export')}
      </Button>
    </Space>
  )
}
