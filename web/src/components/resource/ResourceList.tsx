import { Alert, Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { notify } from '../../app/notify.ts'
import { useCan } from '../../stores/permission.ts'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'
import { displayValue } from './format.ts'
import { KeywordSearch } from './KeywordSearch.tsx'
import { filterParamNames, ListFilters, type ResourceFilter } from './ListFilters.tsx'
import {
  type ListParams,
  orderOf,
  readListParams,
  type SortOrder,
  sortOf,
  writeListParams,
} from './list-params.ts'
import { useDeleteResource, useResourceList } from './resource-queries.ts'
import { testId } from './test-id.ts'

export interface ResourceColumn<T> {
  /** camelCase field; the header is `t('{resource}.fields.{key}')`. */
  key: keyof T & string
  sortable?: boolean
  type?: 'datetime'
  render?: (value: T[keyof T & string], record: T) => ReactNode
  width?: number
}

export type { ResourceFilter }

interface ResourceListProps<T> {
  resource: ResourceDefinition
  columns: ResourceColumn<T>[]
  filters?: ResourceFilter[]
  /** Sort sent while the admin has not chosen one. */
  defaultSort?: string
  /** Text search over the resource's main fields (`keyword=`). */
  search?: boolean
  /** The row's own actions (enable, disable...), before the shared view / edit / delete. */
  rowActions?: (record: T) => ReactNode
  /** Rows that offer delete, when not all do (an admin's own account): the server would refuse the others. */
  deletable?: (record: T) => boolean
}

/**
 * The list screen every resource shares: server-side paging and sorting, filters and keyword search in
 * the URL, and create / edit / delete offered only with the matching permission.
 */
export function ResourceList<T extends { id: number }>(props: ResourceListProps<T>) {
  const { resource, columns, filters = [], defaultSort, search = true, rowActions, deletable } = props
  const { name } = resource
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams, setSearchParams] = useSearchParams()
  const params = readListParams(searchParams, filterParamNames(filters))
  const list = useResourceList<T>(name, params, defaultSort)
  const remove = useDeleteResource(name)
  const canCreate = useCan('create', name) && Boolean(resource.screens.create)
  const canEdit = useCan('edit', name) && Boolean(resource.screens.edit)
  const canDelete = useCan('delete', name)
  // Detail screens come with the list permission (spec section 6), so whoever sees the list may open them.
  const canShow = Boolean(resource.screens.show)

  const update = (change: Partial<ListParams>) =>
    setSearchParams(writeListParams({ ...params, page: 1, ...change }))
  const field = (key: string) => t(`${name}.fields.${key}`)

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: field(column.key),
    width: column.width,
    sorter: column.sortable,
    sortOrder: column.sortable ? orderOf(params.sort, column.key) : undefined,
    render: (value: T[keyof T & string], record: T) =>
      column.render ? column.render(value, record) : displayValue(value, column.type),
  }))
  if (canShow || canEdit || canDelete || rowActions) {
    tableColumns.push({
      key: 'actions',
      title: t('resource.actions'),
      render: (_, record) => (
        <Space wrap size="small">
          {rowActions?.(record)}
          {canShow && (
            <Link to={resourcePath(resource, 'show', record.id)} data-testid={`show-${record.id}`}>
              {t('resource.view')}
            </Link>
          )}
          {canEdit && (
            <Link to={resourcePath(resource, 'edit', record.id)} data-testid={`edit-${record.id}`}>
              {t('resource.edit')}
            </Link>
          )}
          {canDelete && (deletable?.(record) ?? true) && (
            <Popconfirm
              title={t('resource.deleteConfirm')}
              okText={t('resource.delete')}
              cancelText={t('resource.cancel')}
              okButtonProps={{ danger: true, ...testId('delete-confirm') }}
              onConfirm={() =>
                remove.mutateAsync(record.id).then(
                  () => notify('success', t('resource.deleted')),
                  (error: Error) => notify('error', error.message),
                )
              }
            >
              <Button type="link" danger size="small" data-testid={`delete-${record.id}`}>
                {t('resource.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    })
  }

  const meta = list.data?.meta
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <ListFilters
          resource={name}
          filters={filters}
          values={params.filters}
          onChange={(change) => update({ filters: { ...params.filters, ...change } })}
        />
        {search && (
          <KeywordSearch
            key={params.keyword ?? ''}
            testId={`${name}-keyword`}
            value={params.keyword}
            onSearch={(keyword) => update({ keyword })}
          />
        )}
        {canCreate && (
          <Button
            type="primary"
            data-testid={`${name}-create`}
            onClick={() => navigate(resourcePath(resource, 'create'))}
          >
            {t('resource.create')}
          </Button>
        )}
      </Space>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <Table<T>
        data-testid={`${name}-table`}
        rowKey="id"
        columns={tableColumns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        pagination={{
          current: params.page,
          pageSize: params.perPage,
          total: meta?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) =>
            t(meta?.totalEstimated ? 'resource.totalAbout' : 'resource.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, { action }) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter
          const sort = sortOf(single?.columnKey as string | undefined, single?.order as SortOrder | undefined)
          if (action === 'sort') update({ sort })
          else update({ page: pagination.current ?? 1, perPage: pagination.pageSize ?? params.perPage })
        }}
      />
    </Card>
  )
}
