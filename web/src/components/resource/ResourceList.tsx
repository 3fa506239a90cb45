import type { ActionTable } from '@vod/contract/actions'
import { Button, Card } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { Id } from '../../api/resource-client.ts'
import { useCan } from '../../stores/permission.ts'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'
import { ExportButton } from './ExportButton.tsx'
import { recordLabel } from './format.ts'
import { filterParamNames, type ResourceFilter } from './ListFilters.tsx'
import { ListView, type ResourceColumn } from './ListView.tsx'
import { useListController, useUrlListState } from './list-controller.ts'
import { RecordActions } from './RecordActions.tsx'
import { RemoveButton } from './RemoveButton.tsx'
import { useDeleteRecord, useResourceClient } from './resource-queries.ts'
import { testId } from './test-id.ts'
import { Unavailable } from './Unavailable.tsx'

export type { ResourceColumn, ResourceFilter }

interface ResourceListProps<T> {
  resource: ResourceDefinition
  columns: ResourceColumn<T>[]
  filters?: ResourceFilter[]
  /** Sort sent while the admin has not chosen one. */
  defaultSort?: string
  /** Text search over the resource's main fields (`keyword=`). */
  search?: boolean
  /** The resource's transition table (contract): each row offers the actions its state allows. */
  actions?: ActionTable
  /** Actions of the table that ask first: the destructive ones. */
  confirm?: readonly string[]
  /** Buttons of the row's own besides the table's (before the shared view / edit / delete). */
  rowActions?: (record: T) => ReactNode
  /**
   * Rows that offer delete, when not all do: false hides it (an admin's own account), a string offers it
   * disabled with that reason (the super-admin role). The server would refuse them anyway.
   */
  deletable?: (record: T) => boolean | string
  /** Likewise for edit. */
  editable?: (record: T) => boolean | string
  /** Offer the CSV export of what the list shows (`export-{resource}`). */
  exportable?: boolean
  /** Rows can be ticked; what to offer for the ticked ones. */
  bulkActions?: (selected: Id[]) => ReactNode
}

/**
 * The list screen every resource shares: a list controller kept in the URL and its view, with create,
 * import, export, the row's actions, view, edit and delete offered only with the matching permission.
 */
export function ResourceList<T extends { id: number }>(props: ResourceListProps<T>) {
  const { resource, columns, filters = [], defaultSort, search, actions, confirm } = props
  const { rowActions, deletable, editable, exportable, bulkActions } = props
  const { name } = resource
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useResourceClient<T>(resource)
  const controller = useListController({
    client,
    state: useUrlListState(filterParamNames(filters)),
    defaultSort,
  })
  const remove = useDeleteRecord(client)
  const canCreate = useCan('create', name) && Boolean(resource.screens.create)
  const canImport = useCan('batch-create', name) && Boolean(resource.screens['batch-create'])
  const canEdit = useCan('edit', name) && Boolean(resource.screens.edit)
  const canDelete = useCan('delete', name)
  // Detail screens come with the list permission (spec section 6), so whoever sees the list may open them.
  const canShow = Boolean(resource.screens.show)

  const screenButton = (action: 'create' | 'batch-create', label: string, primary = false) => (
    <Button
      type={primary ? 'primary' : 'default'}
      data-testid={`${name}-${action}`}
      onClick={() => navigate(resourcePath(resource, action))}
    >
      {label}
    </Button>
  )
  const toolbar = (
    <>
      {canCreate && screenButton('create', t('resource.create'), true)}
      {canImport && screenButton('batch-create', t('resource.import'))}
      {exportable && <ExportButton resource={resource} query={controller.exportQuery} />}
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
  const rowButtons = (record: T) => (
    <>
      {actions && <RecordActions resource={resource} record={record} table={actions} confirm={confirm} />}
      {rowActions?.(record)}
      {canShow && (
        <Link to={resourcePath(resource, 'show', record.id)} data-testid={`show-${record.id}`}>
          {t('resource.view')}
        </Link>
      )}
      {canEdit &&
        offered(
          editable?.(record) ?? true,
          'edit',
          record.id,
          <Link to={resourcePath(resource, 'edit', record.id)} data-testid={`edit-${record.id}`}>
            {t('resource.edit')}
          </Link>,
        )}
      {canDelete &&
        offered(
          deletable?.(record) ?? true,
          'delete',
          record.id,
          <RemoveButton id={record.id} name={recordLabel(record)} verb="delete" run={remove.mutateAsync} />,
        )}
    </>
  )

  return (
    <Card>
      <ListView<T>
        controller={controller}
        labels={name}
        testId={name}
        columns={columns}
        filters={filters}
        search={search}
        toolbar={toolbar}
        rowActions={hasRowActions ? rowButtons : undefined}
        bulkActions={bulkActions}
      />
    </Card>
  )
}
