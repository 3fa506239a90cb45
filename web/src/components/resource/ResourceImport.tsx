import { Alert, Button, Card, Progress, Result, Space, Table, Typography, Upload } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ApiError } from '../../api/http.ts'
import type { ImportAnswer } from '../../api/resource-client.ts'
import { useRouteHandle } from '../../base/use-route-handle.ts'
import { type ImportColumn, previewRows, rowErrors, templateCsv } from './csv.ts'
import { fieldLabel } from './labels.ts'
import { useResource } from './resource-context.tsx'
import { resourcePath } from './resource-paths.ts'
import { useChange, useResourceClient } from './resource-queries.ts'
import type { ResourceDefinition } from './resource-types.ts'

/** How much of a file the preview reads, and how many of its rows it shows. */
const PREVIEW_BYTES = 64 * 1024
const PREVIEW_ROWS = 10

interface ResourceImportProps {
  /** The columns a file brings, in the template's order (the import row's wire names). */
  columns: ImportColumn[]
}

interface Preview {
  file: File
  header: string[]
  rows: string[][]
}

/** Saves a small text the app made itself (the template) under a file name. */
function saveText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  Object.assign(document.createElement('a'), { href: url, download: name }).click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * The batch-create screen every importing resource shares (contract page, item 5): a template built
 * from the declared columns, a preview of a chosen file's first rows, the upload with its progress, and
 * what went wrong by row and field (nothing is written then).
 */
export function ResourceImport({ columns }: ResourceImportProps) {
  const { t } = useTranslation()
  const resource = useResource()
  const declared = resource.contract.import
  const path = declared?.url?.replace(/^\//, '') ?? `${resource.api}/${declared?.path ?? 'batch-create'}`
  const navigate = useNavigate()
  const titleKey = useRouteHandle()?.route.meta?.titleKey
  const client = useResourceClient(resource)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [progress, setProgress] = useState(0)
  const cancel = useRef<AbortController | null>(null)
  const send = useChange(client, (file: File) => {
    cancel.current = new AbortController()
    return client.importCsv(file, {
      path,
      signal: cancel.current.signal,
      onProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0),
    })
  })
  const label = (wireName: string) => fieldLabel(t, resource.name, wireName)

  const choose = async (file: File) => {
    send.reset()
    setProgress(0)
    const text = await file.slice(0, PREVIEW_BYTES).text()
    const [header = [], ...rows] = previewRows(text, PREVIEW_ROWS + 1, file.size <= PREVIEW_BYTES)
    setPreview({ file, header, rows })
  }
  const missing = preview ? columns.filter((column) => !preview.header.includes(column.name)) : []
  const error = send.error instanceof ApiError ? send.error : null
  const problems = error ? rowErrors(error.fieldErrors) : []

  if (send.data) return <Imported resource={resource} answer={send.data} onMore={() => send.reset()} />

  return (
    <Card title={titleKey && t(titleKey)}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('resource.importHelp', { columns: columns.map((column) => column.name).join(', ') })}
        </Typography.Paragraph>
        <Space wrap>
          <Button
            data-testid="import-template"
            onClick={() => saveText(`${resource.name}-template.csv`, templateCsv(columns))}
          >
            {t('resource.importTemplate')}
          </Button>
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file)
              return false
            }}
          >
            <Button data-testid="import-choose">{t('resource.importChoose')}</Button>
          </Upload>
        </Space>
        {preview && (
          <>
            <Typography.Text strong data-testid="import-file">
              {t('resource.importPreview', { name: preview.file.name })}
            </Typography.Text>
            {missing.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title={t('resource.importMissing', {
                  columns: missing.map((column) => column.name).join(', '),
                })}
              />
            )}
            <Table
              data-testid="import-preview"
              size="small"
              pagination={false}
              scroll={{ x: true }}
              rowKey={(row) => preview.rows.indexOf(row)}
              dataSource={preview.rows}
              columns={preview.header.map((name, index) => ({
                key: `${index}`,
                title: label(name),
                render: (_: unknown, row: string[]) => row[index],
              }))}
            />
            <Space>
              <Button
                type="primary"
                loading={send.isPending}
                data-testid="import-upload"
                onClick={() => send.mutate(preview.file)}
              >
                {t('resource.importUpload')}
              </Button>
              {send.isPending && (
                <Button onClick={() => cancel.current?.abort()}>{t('resource.cancel')}</Button>
              )}
              <Button onClick={() => navigate(resourcePath(resource, 'list'))}>{t('resource.back')}</Button>
            </Space>
            {(send.isPending || progress > 0) && (
              <Progress
                percent={progress}
                status={send.isError ? 'exception' : undefined}
                data-testid="import-progress"
              />
            )}
          </>
        )}
        {send.error && (
          <Alert
            type="error"
            showIcon
            data-testid="import-error"
            title={
              problems.length > 0
                ? t('resource.importRejected')
                : send.error.name === 'AbortError'
                  ? t('resource.importCancelled')
                  : send.error.message
            }
            description={error?.fieldErrors.file}
          />
        )}
        {problems.length > 0 && (
          <Table
            data-testid="import-errors"
            size="small"
            rowKey={(problem) => `${problem.row}.${problem.field}`}
            dataSource={problems}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('resource.importRow'), width: 80 },
              {
                key: 'field',
                dataIndex: 'field',
                title: t('resource.importField'),
                render: (field: string) => label(field),
              },
              { key: 'message', dataIndex: 'message', title: t('resource.importProblem') },
            ]}
          />
        )}
      </Space>
    </Card>
  )
}

function Imported({
  resource,
  answer,
  onMore,
}: {
  resource: ResourceDefinition
  answer: ImportAnswer
  onMore: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Card>
      <Result
        status="success"
        title={t('resource.imported', { count: answer.created })}
        extra={[
          <Button key="list" type="primary" onClick={() => navigate(resourcePath(resource, 'list'))}>
            {t('resource.back')}
          </Button>,
          <Button key="more" onClick={onMore}>
            {t('resource.importMore')}
          </Button>,
        ]}
      />
    </Card>
  )
}
