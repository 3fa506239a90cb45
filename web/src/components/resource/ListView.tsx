import { Alert, Button, Space, Table, type TableColumnsType, type TableProps } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { displayField, type FieldDisplay } from './Display.tsx'
import { KeywordSearch } from './KeywordSearch.tsx'
import { ListFilters, type ResourceFilter } from './ListFilters.tsx'
import type { ListController } from './list-controller.ts'
import { orderOf, type SortOrder, sortOf } from './list-params.ts'

export interface ResourceColumn<T> extends FieldDisplay<T> {
  sortable?: boolean
  width?: number
}

export interface ListViewProps<T> {
  controller: ListController<T>
  /** i18n prefix of the labels: headers are `{labels}.fields.{key}` (`notes`, `notes.children.items`). */
  labels: string
  /** Prefix of the test ids: `{testId}-table`, `{testId}-keyword`. */
  testId: string
  columns: ResourceColumn<T>[]
  filters?: ResourceFilter[]
  /** Text search over the resource's main fields (`keyword=`). */
  search?: boolean
  /** Buttons beside the filters (create, export...). */
  toolbar?: ReactNode
  /** The actions column; none when left out. */
  rowActions?: (record: T) => ReactNode
  /** Rows can be ticked; what to offer for the ticked ones. */
  bulkActions?: (selected: Id[]) => ReactNode
  /** A narrow first column without a title (a drag handle). */
  handle?: (record: T) => ReactNode
  /** What a view over the rows needs besides (sortable rows' components). */
  table?: Pick<TableProps<T>, 'components'>
}

/**
 * A list as the admin sees it, over a list controller: filters, keyword, the table with server-side
 * paging and sorting, "about N" for estimated totals, and ticked rows when there are bulk actions.
 */
export function ListView<T extends { id: Id }>(props: ListViewProps<T>) {
  const { controller, labels, testId, columns, filters = [], search = true, toolbar } = props
  const { rowActions, bulkActions, handle, table } = props
  const { params, change, query, selected } = controller
  const { t } = useTranslation()

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: t(`${labels}.fields.${column.key as string}`),
    width: column.width,
    sorter: column.sortable,
    sortOrder: column.sortable ? orderOf(params.sort, column.key) : undefined,
    render: (_: unknown, record: T) => displayField(column, record, labels),
  }))
  if (handle) tableColumns.unshift({ key: 'handle', width: 48, render: (_, record) => handle(record) })
  if (rowActions)
    tableColumns.push({
      key: 'actions',
      title: t('resource.actions'),
      // Kept in view at the card's right edge while the rest of a wide table scrolls under it.
      fixed: 'right',
      render: (_, record) => (
        <Space wrap size="small" className="row-actions">
          {rowActions(record)}
        </Space>
      ),
    })

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <ListFilters
          resource={labels}
          filters={filters}
          values={params.filters}
          onChange={(values) => change({ filters: { ...params.filters, ...values } })}
        />
        {search && (
          <KeywordSearch
            key={params.keyword ?? ''}
            testId={`${testId}-keyword`}
            labels={labels}
            value={params.keyword}
            onSearch={(keyword) => change({ keyword })}
          />
        )}
        {toolbar}
        {bulkActions && selected.length > 0 && (
          <Space data-testid={`${testId}-selection`}>
            {t('resource.selected', { count: selected.length })}
            {bulkActions(selected)}
            <Button type="link" onClick={() => controller.select([])}>
              {t('resource.clearSelection')}
            </Button>
          </Space>
        )}
      </Space>
      {query.error && (
        <Alert type="error" showIcon title={query.error.message} style={{ marginBottom: 16 }} />
      )}
      <Table<T>
        data-testid={`${testId}-table`}
        rowKey="id"
        columns={tableColumns}
        // A table wider than its card scrolls inside it; the page itself never scrolls sideways.
        scroll={{ x: 'max-content' }}
        dataSource={controller.rows}
        loading={query.isFetching}
        rowSelection={
          bulkActions
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => controller.select(keys as Id[]),
              }
            : undefined
        }
        pagination={{
          current: params.page,
          pageSize: params.perPage,
          total: controller.total,
          showSizeChanger: true,
          showTotal: (total) =>
            t(controller.totalEstimated ? 'resource.totalAbout' : 'resource.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, { action }) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter
          const sort = sortOf(single?.columnKey as string | undefined, single?.order as SortOrder | undefined)
          if (action === 'sort') change({ sort })
          else change({ page: pagination.current ?? 1, perPage: pagination.pageSize ?? params.perPage })
        }}
        {...table}
      />
    </>
  )
}
