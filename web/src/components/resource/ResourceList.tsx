import { operationsOf } from '@vod/contract/resource'
import { STORE_CURRENCY } from '@vod/contract/values'
import { Button, Card } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import type { Id, ResourceClient } from '../../api/resource-client.ts'
import { can } from '../../base/permission-match.ts'
import { useCan, usePermissions } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { useBulkActions } from './BulkActions.tsx'
import { EditingMark, useEditingRows } from './EditingMark.tsx'
import { ExportButton } from './ExportButton.tsx'
import { defaultColumns, type FilterField, filterFields, filterParams } from './fields.ts'
import { recordLabel } from './format.ts'
import { HiddenByRole } from './HiddenByRole.tsx'
import { ListView } from './ListView.tsx'
import { type Column, useListColumns } from './list-columns.tsx'
import { useListController, useUrlListState } from './list-controller.ts'
import { type Offer, RecordActions } from './RecordActions.tsx'
import { RemoveButton } from './RemoveButton.tsx'
import { useResource } from './resource-context.tsx'
import { resourcePath } from './resource-paths.ts'
import { useClient, useDeleteRecord, useResourceClient, useTotalsQuery } from './resource-queries.ts'
import type { WebContract } from './resource-types.ts'
import { SavedOutOfView } from './SavedOutOfView.tsx'
import { AppliedViewNotice, SavedViews } from './SavedViews.tsx'
import type { UsableQuery } from './saved-view-query.ts'
import { testId } from './test-id.ts'
import { Unavailable } from './Unavailable.tsx'
import { useColumnLayout } from './use-column-layout.ts'
import { useSavedViews } from './use-saved-views.ts'

interface ResourceListProps<T> {
  /** The columns in order; the resource's declaration, else every field a list shows (fields.ts). */
  columns?: readonly Column<T>[]
  /** The filter inputs (the contract's filter and range names); the declaration's, else all. */
  filters?: readonly string[]
  /** Actions of the contract's table that ask first: the destructive ones. */
  confirm?: readonly string[]
  /** Buttons of the row's own besides the table's (before the shared view / edit / delete). */
  rowActions?: (record: T) => ReactNode
  /**
   * Whether a row offers an action (edit, delete, or a transition of the contract's table), when not all
   * rows do: false hides it (an admin's own account), a string offers it disabled with that reason (the
   * super-admin role). The server would refuse them anyway.
   */
  offer?: Offer<T>
  /** Rows can be ticked; what to offer for the ticked ones. */
  bulkActions?: (selected: Id[]) => ReactNode
  /** More in the toolbar, after create, import and export (a preview of the records together). */
  toolbar?: ReactNode
}

/**
 * The list screen every resource shares, from its contract: columns by the record's fields, filters by the
 * list's, the contract's default sort, the keyword box when the list takes one, the rows' actions by the
 * transition table, export and import when the contract has them; each offered only with its permission.
 * A resource's declaration (or a screen of its own, through these props) says where it differs.
 */
export function ResourceList<T extends { id: number }>(props: ResourceListProps<T>) {
  const resource = useResource()
  const { contract, name } = resource
  const declared = resource.list
  const { rowActions, offer, bulkActions } = props
  const confirm = props.confirm ?? declared?.confirm
  const { t } = useTranslation()
  const navigate = useNavigate()
  const params = useParams()
  const allFilters = useMemo(() => filterFields(contract), [contract])
  const wanted = props.filters ?? declared?.filters
  const filters = wanted ? allFilters.filter((filter) => wanted.includes(filter.name)) : allFilters
  const wantedColumns =
    props.columns ?? (declared?.columns as readonly Column<T>[] | undefined) ?? defaultColumns(contract)
  // Fewer when the caller's role hides a field: its column is left out, and one line under the list says so.
  const columns = useListColumns<T>(contract.record, contract.list?.sortable ?? [], name, wantedColumns)
  // A declared field's column (a reference's is keyed by the field that names it).
  const keyOf = (field: string) =>
    columns.find((column) => column.field === field || column.key === field)?.key ?? field
  const hiddenColumns = declared?.hidden?.map(keyOf)
  const layout = useColumnLayout(name, hiddenColumns ?? [])
  const names = usePermissions((state) => state.names)
  const rules = useSession((state) => state.profile?.field_rules?.[name])
  const savedViews = useSavedViews({
    list: resource.view ? '' : name,
    usable: usableQueryOf(contract, filters, rules, (reference) => can(names, 'list', reference)),
    columnKeys: columns.map((column) => column.key),
    layout,
  })
  const client = useResourceClient<T>(resource)
  // A view (the contract's `views`: comment reports) lists from its own path; its rows act on the resource's.
  const listClient = useClient<T>(resource.view ? `${client.path}/${resource.view}` : client.path)
  const controller = useListController({
    client: listClient,
    state: useUrlListState(filterParams(filters)),
    defaultSort: contract.list?.defaultSort,
  })
  const remove = useDeleteRecord(client)
  const totals = useTotalsQuery(
    client as ResourceClient<unknown>,
    controller.exportQuery,
    Boolean(contract.list?.totals?.length),
  )
  const operations = operationsOf(contract)
  const canCreate = useCan('create', name) && Boolean(resource.screens.create)
  const canImport = useCan('batch-create', name) && Boolean(resource.screens['batch-create'])
  const canEdit = useCan('edit', name) && Boolean(resource.screens.edit)
  const canDelete = useCan('delete', name) && operations.includes('delete')
  const actions = contract.actions
  const bulk = useBulkActions<T>({
    controller,
    client,
    matching: !resource.view,
    actions: [
      ...Object.keys(actions ?? {}).filter((action) => can(names, action, name)),
      ...(canDelete ? ['delete'] : []),
    ],
    table: actions,
    labelOf: (action) => t([`${name}.actions.${action}`, `resource.verbs.${action}`]),
    confirm: confirm ?? [],
    labelField: contract.label,
  })
  const bulkOffered = Boolean(actions && Object.keys(actions).some((a) => can(names, a, name))) || canDelete
  // Detail screens come with the list permission (spec section 6), so whoever sees the list may open them.
  const canShow = Boolean(resource.screens.show)

  const screenButton = (action: 'create' | 'batch-create', label: string, primary = false) => (
    <Button
      type={primary ? 'primary' : 'default'}
      data-testid={`${name}-${action}`}
      onClick={() => navigate(resourcePath(resource, action, undefined, params))}
    >
      {label}
    </Button>
  )
  const toolbar = (
    <>
      {canCreate && screenButton('create', t('resource.create'), true)}
      {canImport && screenButton('batch-create', t('resource.import'))}
      {contract.export && <ExportButton resource={resource} query={controller.exportQuery} />}
      {!resource.view && (
        <SavedViews
          list={name}
          views={savedViews}
          layout={layout[0]}
          columnKeys={columns.map((column) => column.key)}
        />
      )}
      {props.toolbar}
    </>
  )

  /** The row's edit or delete as `available` says: offered, left out (false), or disabled saying why. */
  const offered = (available: boolean | string, action: 'edit' | 'delete', id: number, offer: ReactNode) => {
    if (available === true) return offer
    if (available === false) return null
    return (
      <Unavailable
        label={t(`resource.${action}`)}
        reason={available}
        button={{ danger: action === 'delete', ...testId(`${action}-${id}`) }}
      />
    )
  }

  const hasRowActions = Boolean(actions || rowActions) || canShow || canEdit || canDelete
  // Rows someone else is editing, for who may edit them too (an owned child's are its owner's, a view's another's).
  const editing = useEditingRows(
    client.path,
    controller.rows.map((row) => row.id),
    canEdit && !resource.api.includes(':') && !resource.view,
  )
  const rowButtons = (record: T) => (
    <>
      <EditingMark row={editing.get(record.id)} />
      {actions && <RecordActions record={record} table={actions} confirm={confirm} offer={offer} />}
      {rowActions?.(record)}
      {canShow && (
        <Link to={resourcePath(resource, 'show', record.id, params)} data-testid={`show-${record.id}`}>
          {t('resource.view')}
        </Link>
      )}
      {canEdit &&
        offered(
          offer?.(record, 'edit') ?? true,
          'edit',
          record.id,
          <Link to={resourcePath(resource, 'edit', record.id, params)} data-testid={`edit-${record.id}`}>
            {t('resource.edit')}
          </Link>,
        )}
      {canDelete &&
        offered(
          offer?.(record, 'delete') ?? true,
          'delete',
          record.id,
          <RemoveButton
            id={record.id}
            version={(record as { version?: unknown }).version}
            name={recordLabel(record, contract.label)}
            verb="delete"
            run={remove.mutateAsync}
          />,
        )}
    </>
  )

  return (
    <Card>
      <SavedOutOfView controller={controller} />
      <AppliedViewNotice views={savedViews} />
      <ListView<T>
        controller={controller}
        labels={name}
        testId={name}
        columns={columns}
        filters={filters}
        search={Boolean(contract.list?.keyword)}
        optionLabel={
          declared?.optionLabel && ((field, value) => declared.optionLabel?.(field, value, t) ?? value)
        }
        toolbar={toolbar}
        rowActions={hasRowActions ? rowButtons : undefined}
        bulkActions={bulkActions ?? (bulkOffered ? bulk.render : undefined)}
        hiddenColumns={hiddenColumns}
        layout={layout}
        wideColumns={declared?.wide?.map(keyOf)}
        phoneColumns={declared?.phone?.map(keyOf)}
        totals={contract.list?.totals?.length ? { values: totals.data, currency: STORE_CURRENCY } : undefined}
      />
      {contract.list?.totals?.length ? declared?.totalsNote?.(controller.params.filters) : null}
      {columns.length < wantedColumns.length && <HiddenByRole />}
      {bulk.results}
    </Card>
  )
}

/**
 * What of a saved view's query this admin's list takes (saved-view-query.ts): the list's filters but those of
 * records it may not list and of fields its roles hide (ranges and sorts: hide or mask), and its keyword.
 */
function usableQueryOf(
  contract: WebContract,
  filters: readonly FilterField[],
  rules: Record<string, string> | undefined,
  mayList: (resource: string) => boolean,
): UsableQuery {
  const whole = (field: string) => ['write', 'read'].includes(rules?.[field] ?? 'write')
  const usable = filters.filter(
    (filter) =>
      (filter.range ? whole(filter.name) : rules?.[filter.name] !== 'none') &&
      (filter.info.kind !== 'reference' || !filter.info.reference || mayList(filter.info.reference)),
  )
  return {
    params: filterParams(usable),
    sortable: (contract.list?.sortable ?? []).filter(whole),
    keyword: Boolean(contract.list?.keyword),
  }
}
