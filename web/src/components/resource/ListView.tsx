import { ArrowDownOutlined, ArrowUpOutlined, FilterOutlined, SettingOutlined } from '@ant-design/icons'
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Popover,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  type TableProps,
} from 'antd'
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { useTableScrollRegion } from '../scroll-region/use-table-scroll-region.ts'
import { type ColumnLayout, laidOut, moved } from './column-layout.ts'
import { Money } from './Display.tsx'
import type { FilterField } from './fields.ts'
import { KeywordSearch } from './KeywordSearch.tsx'
import { ListFilters } from './ListFilters.tsx'
import type { ListController } from './list-controller.ts'
import { orderOf, type SortOrder, sortOf } from './list-params.ts'
import { useColumnLayout } from './use-column-layout.ts'
import './list-table.css'

/** A column as the table shows it (list-columns.tsx makes them from the contract). */
export interface ListColumn<T> {
  /** The wire name: the sort it asks for, when sortable. */
  key: string
  /** The record field it comes from, where it shows another (`plan_id` shows `plan_name`). */
  field?: string
  title: string
  width?: number
  sortable?: boolean
  render: (record: T) => ReactNode
}

export interface ListViewProps<T> {
  controller: ListController<T>
  /** i18n key of the labels (`notes`, `notes.children.items`): the keyword's hint, the filters' names. */
  labels: string
  /** Prefix of the test ids: `{testId}-table`, `{testId}-keyword`. */
  testId: string
  columns: ListColumn<T>[]
  filters?: readonly FilterField[]
  /** How an enum filter's values are named, where the resource's strings do not say. */
  optionLabel?: (field: string, value: string) => string
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
  /** Columns out of sight until the admin picks them (the column picker; the choice is kept per admin). */
  hiddenColumns?: readonly string[]
  /** The layout when the screen holds it (a saved view reads and sets it); the list's own otherwise. */
  layout?: readonly [ColumnLayout, (next: ColumnLayout) => void]
  /** Columns shown from 1200 px on only (ListDeclaration.wide): narrower, the needed ones keep the room. */
  wideColumns?: readonly string[]
  /** The key columns, the only ones on a phone (ListDeclaration.phone), the row's actions under the first. */
  phoneColumns?: readonly string[]
  /** A totals row over every row the filters match (not just the page): the server's sums, by column key. */
  totals?: { values: Record<string, string | number> | undefined; currency: string }
}

/**
 * A list as the admin sees it, over a list controller: filters, keyword, the table with server-side
 * paging and sorting, "about N" for estimated totals, and ticked rows when there are bulk actions.
 */
export function ListView<T extends { id: Id }>(props: ListViewProps<T>) {
  const { controller, labels, testId, filters = [], search = true, toolbar } = props
  const { rowActions, bulkActions, handle, table, optionLabel, totals } = props
  const { params, change, query, selected } = controller
  const { t } = useTranslation()
  const own = useColumnLayout(testId, props.hiddenColumns ?? [])
  const [layout, setLayout] = props.layout ?? own
  const hidden = layout.hidden
  const setHidden = (next: string[]) => setLayout({ ...layout, hidden: next })
  const ordered = laidOut(props.columns, layout)
  const keys = props.columns.map((column) => column.key)
  // On a phone the filters fold behind one button that says how many are set; the keyword stays in sight.
  const screens = Grid.useBreakpoint()
  const phone = screens.xs === true
  const narrow = screens.xl !== true
  const [unfolded, setUnfolded] = useState(false)
  const tableBox = useTableScrollRegion<HTMLDivElement>(t('resource.tableScrolls'))
  const setCount = filters.filter((filter) =>
    filter.range
      ? params.filters[`${filter.name}_from`] || params.filters[`${filter.name}_to`]
      : params.filters[filter.name],
  ).length
  const folded = phone && filters.length > 0 && !unfolded
  const keyOnly = phone ? props.phoneColumns : undefined
  const wideOnly = [
    ...(narrow ? (props.wideColumns ?? []) : []),
    // On a phone, every column but the key ones waits for a wider screen, as a wide-only one does.
    ...(keyOnly ? props.columns.map((column) => column.key).filter((key) => !keyOnly.includes(key)) : []),
  ]
  const columns = ordered.filter(
    (column) =>
      (keyOnly?.includes(column.key) || !hidden.includes(column.key)) && !wideOnly.includes(column.key),
  )
  const picker = (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Space orientation="vertical" size={8}>
          <Checkbox.Group
            data-testid={`${testId}-columns-choice`}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            value={columns.map((column) => column.key)}
            onChange={(shown) =>
              setHidden(
                keys.filter((key) => (wideOnly.includes(key) ? hidden.includes(key) : !shown.includes(key))),
              )
            }
          >
            {ordered.map((column, i) => (
              <Space key={column.key} size={4} style={{ justifyContent: 'space-between' }}>
                {/* A column shown on wider screens only is no choice here: said so, and its choice kept for them. */}
                <Checkbox value={column.key} disabled={wideOnly.includes(column.key)}>
                  {wideOnly.includes(column.key)
                    ? `${column.title} (${t('resource.wideOnly')})`
                    : column.title}
                </Checkbox>
                <span>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    aria-label={t('resource.moveColumnUp', { name: column.title })}
                    data-testid={`${testId}-column-${column.key}-up`}
                    onClick={() => setLayout(moved(layout, keys, column.key, -1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === ordered.length - 1}
                    aria-label={t('resource.moveColumnDown', { name: column.title })}
                    data-testid={`${testId}-column-${column.key}-down`}
                    onClick={() => setLayout(moved(layout, keys, column.key, 1))}
                  />
                </span>
              </Space>
            ))}
          </Checkbox.Group>
          <Space size={8}>
            <Switch
              size="small"
              checked={layout.density === 'compact'}
              aria-label={t('resource.compactRows')}
              data-testid={`${testId}-density`}
              onChange={(compact) => setLayout({ ...layout, density: compact ? 'compact' : 'default' })}
            />
            {t('resource.compactRows')}
          </Space>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />} data-testid={`${testId}-columns`}>
        {t('resource.columns')}
      </Button>
    </Popover>
  )

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    width: column.width,
    sorter: column.sortable,
    sortOrder: column.sortable ? orderOf(params.sort, column.key) : undefined,
    render: (_: unknown, record: T) => column.render(record),
    // Each cell says which record field it shows, for the browser tests (a reference's name, not its id);
    // its header too (the CSV's header is checked against it).
    onCell: () => ({ 'data-field': column.field ?? column.key }) as object,
    onHeaderCell: () => ({ 'data-field': column.field ?? column.key }) as object,
  }))
  if (handle) tableColumns.unshift({ key: 'handle', width: 48, render: (_, record) => handle(record) })
  const first = tableColumns[0]
  if (rowActions && keyOnly && first) {
    // A phone has no room for an actions column beside the key ones: the actions go under the first cell.
    const render = first.render
    first.render = (value, record, index) => (
      <>
        {render?.(value, record, index) as ReactNode}
        <Space wrap size="small" className="row-actions" style={{ display: 'flex' }}>
          {rowActions(record)}
        </Space>
      </>
    )
  } else if (rowActions)
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

  // Cells before the first column: the tick boxes, the drag handle.
  const leading = (bulkActions ? 1 : 0) + (handle ? 1 : 0)
  const totalsRow = totals?.values && (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid={`${testId}-totals`}>
        {leading > 0 && <Table.Summary.Cell index={0} colSpan={leading} />}
        {columns.map((column, i) => (
          <Table.Summary.Cell key={column.key} index={leading + i}>
            {column.key in (totals.values ?? {}) ? (
              <strong data-testid={`${testId}-total-${column.key}`}>
                <Money value={totals.values?.[column.key]} currency={totals.currency} />
              </strong>
            ) : i === 0 ? (
              <strong>{t('resource.totalsRow', { count: Number(totals.values?.count ?? 0) })}</strong>
            ) : null}
          </Table.Summary.Cell>
        ))}
        {rowActions && <Table.Summary.Cell index={leading + columns.length} />}
      </Table.Summary.Row>
    </Table.Summary>
  )

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {phone && filters.length > 0 && (
          <Button
            icon={<FilterOutlined />}
            aria-expanded={!folded}
            data-testid={`${testId}-filters-toggle`}
            onClick={() => setUnfolded(!unfolded)}
          >
            {t('resource.filtersButton', { count: setCount })}
          </Button>
        )}
        {!folded && (
          <ListFilters
            labels={labels}
            testId={testId}
            filters={filters}
            optionLabel={optionLabel}
            values={params.filters}
            onChange={(values) => change({ filters: { ...params.filters, ...values } })}
          />
        )}
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
        {picker}
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
      <div ref={tableBox}>
        <Table<T>
          data-testid={`${testId}-table`}
          data-density={layout.density}
          size={layout.density === 'compact' ? 'small' : undefined}
          rowKey="id"
          columns={tableColumns}
          // The table takes its card's width and wraps its text to fit (auto layout over `width: auto`): only
          // what cannot wrap makes it wider than its card, and then it scrolls inside it, under the actions;
          // the page itself never scrolls sideways. (`max-content` had kept every text on one line.)
          className={keyOnly ? 'list-table list-table-phone' : 'list-table'}
          scroll={{ x: true }}
          tableLayout="auto"
          dataSource={controller.rows}
          loading={query.isFetching}
          rowSelection={
            bulkActions
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  columnTitle: (selectAll: ReactNode) => <OutsideMeasureRow>{selectAll}</OutsideMeasureRow>,
                  onChange: (keys) => controller.select(keys as Id[]),
                  // antd names a row's tick in English ("Select row 3"); a screen reader hears the screen's language.
                  getCheckboxProps: (record: T) => ({
                    'aria-label': t('resource.selectRow', { id: (record as { id?: unknown }).id }),
                  }),
                }
              : undefined
          }
          pagination={{
            current: params.page,
            pageSize: params.per_page,
            total: controller.total,
            showSizeChanger: true,
            showTotal: (total) =>
              t(controller.totalEstimated ? 'resource.totalAbout' : 'resource.total', { count: total }),
          }}
          onChange={(pagination, _filters, sorter, { action }) => {
            const single = Array.isArray(sorter) ? sorter[0] : sorter
            const sort = sortOf(
              single?.columnKey as string | undefined,
              single?.order as SortOrder | undefined,
            )
            if (action === 'sort') change({ sort })
            else change({ page: pagination.current ?? 1, per_page: pagination.pageSize ?? params.per_page })
          }}
          summary={totalsRow ? () => totalsRow : undefined}
          {...table}
        />
      </div>
    </>
  )
}

/**
 * The "select all" box of the selection column, left out of the copy of the column titles the table keeps in
 * an aria-hidden row to measure widths (a focusable box hidden from assistive technology is an axe error).
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null)
  const [hidden, setHidden] = useState(false)
  useLayoutEffect(() => setHidden(Boolean(ref.current?.closest('[aria-hidden="true"]'))), [])
  return <span ref={ref}>{hidden ? null : children}</span>
}
