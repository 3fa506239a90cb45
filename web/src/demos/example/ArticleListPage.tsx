import { EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Table } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useListQuery } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import { type ArticleRow, articleClient } from '../articles/articles.ts'
import { articleColumn } from '../articles/columns.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'

/** The example's article list: newest first, paged on the server, each title opening its editor. */
export default function ArticleListPage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.example.titles.list')} intro={t('demos.example.intro')}>
      <ArticlesGate>
        <ArticleList />
      </ArticlesGate>
    </DemoPage>
  )
}

function ArticleList() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const canCreate = useCan('create', 'articles')
  const canEdit = useCan('edit', 'articles')
  const [paging, setPaging] = useState({ page: 1, per_page: 10 })
  const list = useListQuery(articleClient, { ...paging, sort: '-id' })
  return (
    <>
      {canCreate && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="example-create"
          style={{ marginBottom: 16 }}
          onClick={() => navigate('/example/create')}
        >
          {t('resource.create')}
        </Button>
      )}
      <Table<ArticleRow>
        data-testid="example-table"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        columns={[
          { ...articleColumn('id', t), width: 80 },
          { ...articleColumn('display_time', t), width: 170 },
          articleColumn('author', t),
          { ...articleColumn('importance', t), width: 110 },
          {
            key: 'title',
            title: t('demos.articles.fields.title'),
            render: (_, row) =>
              canEdit ? <Link to={`/example/edit/${row.id}`}>{row.title}</Link> : row.title,
          },
          { ...articleColumn('status', t), width: 100 },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('resource.actions'),
                  width: 100,
                  render: (_: unknown, row: ArticleRow) => (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => navigate(`/example/edit/${row.id}`)}
                    >
                      {t('resource.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.per_page,
          total: list.data?.meta.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('resource.total', { count: total }),
          onChange: (page, per_page) =>
            setPaging({ page: per_page === paging.per_page ? page : 1, per_page }),
        }}
      />
    </>
  )
}
