import { Checkbox, Space, Switch, Table } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useListQuery } from '../../components/resource/resource-queries.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import { type ArticleRow, articleClient } from '../articles/articles.ts'
import { type ArticleColumnKey, articleColumn, articleColumnKeys } from '../articles/columns.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'

/** The columns are the ones ticked, in the table's own order; the header can stay fixed over the rows. */
export default function DynamicTablePage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.table.titles.dynamic')} intro={t('demos.table.intro.dynamic')}>
      <ArticlesGate>
        <DynamicTable />
      </ArticlesGate>
    </DemoPage>
  )
}

function DynamicTable() {
  const { t } = useTranslation()
  const [shown, setShown] = useState<ArticleColumnKey[]>(['id', 'title', 'type', 'importance', 'status'])
  const [fixedHeader, setFixedHeader] = useState(true)
  const [page, setPage] = useState(1)
  const query = useListQuery(articleClient, { page, per_page: 10, sort: '-id' })
  // The fixed header's scrolling body is a region keyboard users can focus and scroll, with a name.
  const wrapper = useRef<HTMLDivElement>(null)
  const regionName = t('demos.table.titles.dynamic')
  useEffect(() => {
    const body = wrapper.current?.querySelector('.ant-table-body')
    if (!body) return
    body.setAttribute('tabindex', '0')
    body.setAttribute('role', 'region')
    body.setAttribute('aria-label', regionName)
  })
  return (
    <>
      <Space direction="vertical" style={{ marginBottom: 16 }}>
        <Checkbox.Group
          data-testid="dynamic-columns"
          value={shown}
          onChange={(keys) => setShown(keys as ArticleColumnKey[])}
          options={articleColumnKeys.map((key) => ({ value: key, label: t(`demos.articles.fields.${key}`) }))}
        />
        <span>
          {t('demos.table.fixedHeader')}{' '}
          <Switch checked={fixedHeader} onChange={setFixedHeader} aria-label={t('demos.table.fixedHeader')} />
        </span>
      </Space>
      <div ref={wrapper}>
        <Table<ArticleRow>
          data-testid="dynamic-table"
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.data ?? []}
          columns={articleColumnKeys.filter((key) => shown.includes(key)).map((key) => articleColumn(key, t))}
          scroll={fixedHeader ? { y: 320 } : undefined}
          pagination={{
            current: page,
            pageSize: 10,
            total: query.data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </div>
    </>
  )
}
