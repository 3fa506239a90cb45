import { DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons'
import { Button, Checkbox, Input, Modal, Select, Space, Table, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Query } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { ConfirmDialog } from '../../components/resource/ConfirmDialog.tsx'
import { useDeleteRecord, useListQuery, useSaveRecord } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import {
  type ArticleRow,
  articleClient,
  articleStatusOptions,
  articleTypeOptions,
  importanceOptions,
} from '../articles/articles.ts'
import { type ArticleColumnKey, articleCell, articleColumn, articleText } from '../articles/columns.tsx'
import type { BookType } from '../excel/excel-file.ts'
import { DemoPage } from '../shared/DemoPage.tsx'
import { ArticleDialog } from './ArticleDialog.tsx'

/** Filters, sort, server paging, a create / edit dialog, status changes, delete and export, on the articles API. */
export default function ComplexTablePage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.table.titles.complex')} intro={t('demos.table.intro.complex')}>
      <ArticlesGate>
        <ComplexTable />
      </ArticlesGate>
    </DemoPage>
  )
}

interface Filters {
  keyword?: string
  importance?: number
  type?: string
  status?: string
  sort: string
}

const exportKeys: ArticleColumnKey[] = [
  'id',
  'display_time',
  'title',
  'author',
  'type',
  'importance',
  'status',
  'pageviews',
]

function ComplexTable() {
  const { t } = useTranslation()
  const canCreate = useCan('create', 'articles')
  const canEdit = useCan('edit', 'articles')
  const canDelete = useCan('delete', 'articles')
  const [filters, setFilters] = useState<Filters>({ sort: 'id' })
  const [keyword, setKeyword] = useState('')
  const [paging, setPaging] = useState({ page: 1, per_page: 10 })
  const [showAuthor, setShowAuthor] = useState(false)
  const [dialog, setDialog] = useState<{ open: boolean; article?: ArticleRow }>({ open: false })
  const [readings, setReadings] = useState<ArticleRow | null>(null)
  const [exporting, setExporting] = useState<BookType | null>(null)
  const query: Query = { ...filters, ...paging }
  const list = useListQuery(articleClient, query)
  const save = useSaveRecord(articleClient)
  const remove = useDeleteRecord(articleClient)
  const rows = list.data?.data ?? []

  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }))
    setPaging((current) => ({ ...current, page: 1 }))
  }
  const setStatus = async (row: ArticleRow, status: ArticleRow['status']) => {
    await save.mutateAsync({ id: row.id, values: { status } })
    void notify('success', t('resource.saved'))
  }
  const exportRows = async (bookType: BookType) => {
    setExporting(bookType)
    try {
      const { exportSheet } = await import('../excel/excel-file.ts')
      await exportSheet({
        header: [exportKeys.map((key) => t(`demos.articles.fields.${key}`))],
        rows: rows.map((row) => exportKeys.map((key) => articleText(key, row, t))),
        fileName: 'articles',
        bookType,
        autoWidth: true,
      })
    } finally {
      setExporting(null)
    }
  }

  const onChange: TableProps<ArticleRow>['onChange'] = (_, __, sorter, { action }) => {
    if (action !== 'sort') return
    const one = Array.isArray(sorter) ? sorter[0] : sorter
    if (one?.columnKey === 'id') filter({ sort: one.order === 'descend' ? '-id' : 'id' })
  }

  const columns: TableProps<ArticleRow>['columns'] = [
    {
      ...articleColumn('id', t),
      width: 80,
      sorter: true,
      sortOrder: filters.sort === '-id' ? 'descend' : filters.sort === 'id' ? 'ascend' : null,
      sortDirections: ['ascend', 'descend', 'ascend'],
    },
    { ...articleColumn('display_time', t), width: 170 },
    {
      key: 'title',
      title: t('demos.articles.fields.title'),
      render: (_, row) => (
        <Space>
          <span data-testid="complex-title">{row.title}</span>
          <span>{articleCell('type', row, t)}</span>
        </Space>
      ),
    },
    ...(showAuthor ? [articleColumn('author', t)] : []),
    { ...articleColumn('importance', t), width: 110 },
    {
      key: 'pageviews',
      title: t('demos.articles.fields.pageviews'),
      width: 100,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setReadings(row)}>
          {row.pageviews}
        </Button>
      ),
    },
    { ...articleColumn('status', t), width: 100 },
    {
      key: 'actions',
      title: t('resource.actions'),
      width: 240,
      render: (_, row) => (
        <Space size={4}>
          {canEdit && (
            <Button size="small" type="primary" onClick={() => setDialog({ open: true, article: row })}>
              {t('resource.edit')}
            </Button>
          )}
          {canEdit && row.status === 'draft' && (
            <Button
              size="small"
              data-testid="complex-publish"
              onClick={() => void setStatus(row, 'published')}
            >
              {t('demos.articles.publish')}
            </Button>
          )}
          {canEdit && row.status === 'published' && (
            <Button size="small" data-testid="complex-draft" onClick={() => void setStatus(row, 'draft')}>
              {t('demos.articles.draft')}
            </Button>
          )}
          {canDelete && (
            <ConfirmDialog
              question={t('resource.deleteConfirm', { name: row.title })}
              okText={t('resource.delete')}
              danger
              okTestId="delete-confirm"
              onConfirm={async () => {
                await remove.mutateAsync(row.id)
                void notify('success', t('resource.deleted'))
              }}
            >
              {(open) => (
                <Button size="small" danger onClick={open}>
                  {t('resource.delete')}
                </Button>
              )}
            </ConfirmDialog>
          )}
        </Space>
      ),
    },
  ]

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          style={{ width: 200 }}
          placeholder={t('demos.articles.fields.title')}
          aria-label={t('demos.articles.fields.title')}
          data-testid="complex-keyword"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onPressEnter={() => filter({ keyword: keyword.trim() || undefined })}
        />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('demos.articles.allImportance')}
          aria-label={t('demos.articles.fields.importance')}
          options={importanceOptions}
          value={filters.importance}
          onChange={(importance) => filter({ importance })}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('demos.articles.allTypes')}
          aria-label={t('demos.articles.fields.type')}
          options={articleTypeOptions(t)}
          value={filters.type}
          onChange={(type) => filter({ type })}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('demos.articles.allStatuses')}
          aria-label={t('demos.articles.fields.status')}
          options={articleStatusOptions(t)}
          value={filters.status}
          onChange={(status) => filter({ status })}
        />
        <Select
          style={{ width: 140 }}
          aria-label={t('demos.table.sort')}
          value={filters.sort}
          onChange={(sort) => filter({ sort })}
          options={[
            { value: 'id', label: t('demos.table.idAscending') },
            { value: '-id', label: t('demos.table.idDescending') },
          ]}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          data-testid="complex-search"
          onClick={() => filter({ keyword: keyword.trim() || undefined })}
        >
          {t('resource.search')}
        </Button>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="complex-create"
            onClick={() => setDialog({ open: true })}
          >
            {t('resource.create')}
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          data-testid="complex-export-xlsx"
          loading={exporting === 'xlsx'}
          onClick={() => void exportRows('xlsx')}
        >
          {t('demos.table.exportXlsx')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          data-testid="complex-export-csv"
          loading={exporting === 'csv'}
          onClick={() => void exportRows('csv')}
        >
          {t('demos.table.exportCsv')}
        </Button>
        <Checkbox checked={showAuthor} onChange={(event) => setShowAuthor(event.target.checked)}>
          {t('demos.table.showAuthor')}
        </Checkbox>
      </Space>
      <Table<ArticleRow>
        data-testid="complex-table"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        columns={columns}
        onChange={onChange}
        pagination={{
          current: paging.page,
          pageSize: paging.per_page,
          total: list.data?.meta.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (total) => t('resource.total', { count: total }),
          onChange: (page, per_page) =>
            setPaging({ page: per_page === paging.per_page ? page : 1, per_page }),
        }}
      />
      <ArticleDialog open={dialog.open} article={dialog.article} onClose={() => setDialog({ open: false })} />
      <Modal
        open={readings !== null}
        title={t('demos.articles.fields.pageviews')}
        footer={null}
        onCancel={() => setReadings(null)}
      >
        {readings && t('demos.table.readings', { title: readings.title, count: readings.pageviews })}
      </Modal>
    </>
  )
}
