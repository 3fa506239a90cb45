import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons'
import { articleLimits } from '@vod/contract/resources/articles'
import { Button, Input, Space, Table, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { useListQuery, useSaveRecord } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import { type ArticleRow, articleClient } from '../articles/articles.ts'
import { articleColumn } from '../articles/columns.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'

/** A row's title edited in place: Save sends it to the API, Cancel puts the original back. */
export default function InlineEditTablePage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.table.titles.inlineEdit')} intro={t('demos.table.intro.inlineEdit')}>
      <ArticlesGate>
        <InlineEditTable />
      </ArticlesGate>
    </DemoPage>
  )
}

interface Draft {
  title: string
  error?: string
}

function InlineEditTable() {
  const { t } = useTranslation()
  const canEdit = useCan('edit', 'articles')
  const query = useListQuery(articleClient, { page: 1, per_page: 10, sort: 'id' })
  const save = useSaveRecord(articleClient)
  /** The rows being edited, by id: what the input holds. The row itself keeps the saved title. */
  const [drafts, setDrafts] = useState<Record<number, Draft>>({})
  const setDraft = (id: number, draft: Draft | undefined) =>
    setDrafts(({ [id]: _, ...others }) => (draft ? { ...others, [id]: draft } : others))

  const cancel = (row: ArticleRow) => {
    setDraft(row.id, undefined)
    void notify('warning', t('demos.table.restored'))
  }
  const submit = async (row: ArticleRow, draft: Draft) => {
    try {
      await save.mutateAsync({ id: row.id, values: { title: draft.title } })
      setDraft(row.id, undefined)
      void notify('success', t('resource.saved'))
    } catch (error) {
      const message = error instanceof ApiError ? (error.fieldErrors.title ?? error.message) : String(error)
      setDraft(row.id, { ...draft, error: message })
    }
  }

  const titleCell = (row: ArticleRow) => {
    const draft = drafts[row.id]
    if (!draft) return <span data-testid="inline-title">{row.title}</span>
    return (
      <Tooltip open={Boolean(draft.error)} title={draft.error} placement="bottomLeft">
        <Input
          size="small"
          autoFocus
          data-testid="inline-input"
          aria-label={t('demos.articles.fields.title')}
          maxLength={articleLimits.title}
          status={draft.error ? 'error' : undefined}
          value={draft.title}
          onChange={(event) => setDraft(row.id, { title: event.target.value })}
          onPressEnter={() => void submit(row, draft)}
          onKeyDown={(event) => event.key === 'Escape' && cancel(row)}
        />
      </Tooltip>
    )
  }

  const actions = (row: ArticleRow) => {
    const draft = drafts[row.id]
    if (!canEdit) return null
    if (!draft)
      return (
        <Button
          size="small"
          icon={<EditOutlined />}
          data-testid="inline-edit"
          onClick={() => setDraft(row.id, { title: row.title })}
        >
          {t('resource.edit')}
        </Button>
      )
    return (
      <Space>
        <Button
          size="small"
          type="primary"
          icon={<CheckOutlined />}
          loading={save.isPending}
          data-testid="inline-save"
          onClick={() => void submit(row, draft)}
        >
          {t('resource.save')}
        </Button>
        <Button size="small" icon={<CloseOutlined />} data-testid="inline-cancel" onClick={() => cancel(row)}>
          {t('resource.cancel')}
        </Button>
      </Space>
    )
  }

  return (
    <Table<ArticleRow>
      data-testid="inline-table"
      rowKey="id"
      size="small"
      loading={query.isPending}
      dataSource={query.data?.data ?? []}
      pagination={false}
      columns={[
        articleColumn('id', t),
        articleColumn('display_time', t),
        articleColumn('author', t),
        articleColumn('importance', t),
        { key: 'title', title: t('demos.articles.fields.title'), render: (_, row) => titleCell(row) },
        { key: 'actions', title: t('resource.actions'), width: 200, render: (_, row) => actions(row) },
      ]}
    />
  )
}
