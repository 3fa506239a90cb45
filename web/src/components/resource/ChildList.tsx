import { MAX_PER_PAGE } from '@vod/contract/lists'
import { Button, Card, Form, Modal, Space, Spin } from 'antd'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { type ChildClient, type Id, type RecordValues, resourceClient } from '../../api/resource-client.ts'
import { notify } from '../../app/notify.ts'
import { useCan } from '../../stores/permission.ts'
import { showServerErrors } from '../form/server-errors.ts'
import { completeOrder, moveId } from './child-order.ts'
import type { ResourceDefinition } from './define-resource.ts'
import { FormFields, type ResourceField } from './form-fields.tsx'
import { recordLabel } from './format.ts'
import { ListView, type ListViewProps, type ResourceColumn } from './ListView.tsx'
import { useListController, useLocalListState } from './list-controller.ts'
import { RecordPicker } from './RecordPicker.tsx'
import { RemoveButton } from './RemoveButton.tsx'
import { useChange, useDeleteRecord, useSaveRecord } from './resource-queries.ts'
import type { SortableListViewProps } from './SortableListView.tsx'
import { testId } from './test-id.ts'

// dnd-kit comes with it, so it is loaded only where a list is ordered; lazy() drops the generic.
const SortableListView = lazy(() => import('./SortableListView.tsx')) as unknown as <T extends { id: Id }>(
  props: SortableListViewProps<T>,
) => ReactNode

/** How children are added: a form of their own fields, or other records linked by id (a block's videos). */
export type ChildAdd<T> =
  | { fields: ResourceField[] }
  | { pick: { resource: string; optionLabel?: (record: T) => string } }

interface ChildListProps<T> {
  parent: ResourceDefinition
  /** The parent record's id. */
  id: Id
  /** The children's path under the record: `items` -> `/api/{parent}/{id}/items`. */
  child: string
  columns: ResourceColumn<T>[]
  /** Children with an order of their own (`position`), rearranged by dragging. */
  ordered?: boolean
  add?: ChildAdd<T>
  removable?: boolean
  /**
   * The permission resource of children that have their own (`campaigns`): adding then needs create-,
   * removing delete-{resource}, instead of edit-{parent}.
   */
  resource?: string
  /** More in the list's toolbar (a link to a create screen, a picker of one's own). */
  toolbar?: ReactNode
  /** More buttons in each row (an edit link), before remove. */
  rowActions?: (record: T) => ReactNode
}

/**
 * A record's children through the data-access seam (react-admin's ReferenceManyField): paged on their own
 * (the list's state is local, so the screen's main list keeps the URL), with add, remove and drag
 * reorder for admins who may edit the parent. Labels are `{parent}.children.{child}.*`.
 */
export function ChildList<T extends { id: Id }>(props: ChildListProps<T>) {
  const { parent, id, child, columns, ordered = false, add, removable = false, resource } = props
  const { t } = useTranslation()
  const labels = `${parent.name}.children.${child}`
  const api = useMemo(
    () => resourceClient(parent.api ?? parent.name).children<T>(id, child),
    [parent, id, child],
  )
  // An ordered list shows as many as a page holds, so that most orders are rearranged on one page.
  const controller = useListController({
    client: api,
    state: useLocalListState(ordered ? { perPage: MAX_PER_PAGE } : {}),
  })
  const mayEdit = useCan('edit', parent.name)
  const mayAdd = useCan(resource ? 'create' : 'edit', resource ?? parent.name)
  const mayRemove = useCan(resource ? 'delete' : 'edit', resource ?? parent.name)
  const remove = useDeleteRecord(api)
  const reorder = useChange(api, (order: Id[]) => api.reorder(order))

  const move = async (moved: Id, target: Id) => {
    const { rows, params, total } = controller
    const pageIds = moveId(
      rows.map((row) => row.id),
      moved,
      target,
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    controller.showRows(pageIds.flatMap((rowId) => byId.get(rowId) ?? []))
    try {
      const order = await completeOrder(pageIds, { ...params, total }, (page) =>
        api.list({ page, perPage: params.perPage }).then((answer) => answer.data.map((row) => row.id)),
      )
      await reorder.mutateAsync(order)
    } catch (error) {
      void notify('error', (error as Error).message)
      void controller.query.refetch()
    }
  }

  const view: ListViewProps<T> = {
    controller,
    labels,
    testId: child,
    columns,
    search: false,
    toolbar:
      props.toolbar || (mayAdd && add) ? (
        <>
          {props.toolbar}
          {mayAdd && add && <AddChild labels={labels} add={add} api={api} />}
        </>
      ) : undefined,
    rowActions:
      (mayRemove && removable) || props.rowActions
        ? (record) => (
            <>
              {props.rowActions?.(record)}
              {mayRemove && removable && (
                <RemoveButton
                  id={record.id}
                  name={recordLabel(record)}
                  verb="remove"
                  run={remove.mutateAsync}
                />
              )}
            </>
          )
        : undefined,
  }
  return (
    <Card title={t(`${labels}.title`)} data-testid={`${child}-children`}>
      {ordered && mayEdit ? (
        // Nothing shows until dnd-kit is there: a view swapped in later would drop what the admin began.
        <Suspense fallback={<Spin />}>
          <SortableListView<T> {...view} onMove={move} />
        </Suspense>
      ) : (
        <ListView<T> {...view} />
      )}
    </Card>
  )
}

/** Add children: a dialog with their fields, or a picker of the records to link. */
function AddChild<T>({ labels, add, api }: { labels: string; add: ChildAdd<T>; api: ChildClient<T> }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<number[]>([])
  const [form] = Form.useForm<RecordValues>()
  const create = useSaveRecord(api)
  const link = useChange(api, (ids: Id[]) => api.link(ids))
  const done = () => notify('success', t('resource.added'))

  if ('pick' in add)
    return (
      <Space.Compact>
        <RecordPicker<T & { id: number }>
          mode="multiple"
          resource={add.pick.resource}
          optionLabel={add.pick.optionLabel}
          value={picked}
          onChange={(ids) => setPicked(ids as number[])}
          style={{ minWidth: 240 }}
          aria-label={t('resource.add')}
          data-testid="child-pick"
        />
        <Button
          type="primary"
          disabled={picked.length === 0}
          loading={link.isPending}
          data-testid="child-add"
          onClick={() =>
            link.mutateAsync(picked).then(
              () => {
                setPicked([])
                return done()
              },
              (error: Error) => notify('error', error.message),
            )
          }
        >
          {t('resource.add')}
        </Button>
      </Space.Compact>
    )

  const submit = async (values: RecordValues) => {
    try {
      await create.mutateAsync({ values })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const names = add.fields.map((field) => field.name)
      if (showServerErrors(form, error, names)) void notify('error', error.message)
      return
    }
    setOpen(false)
    form.resetFields()
    void done()
  }
  return (
    <>
      <Button type="primary" data-testid="child-add" onClick={() => setOpen(true)}>
        {t('resource.add')}
      </Button>
      <Modal
        open={open}
        title={t(`${labels}.addTitle`)}
        okText={t('resource.save')}
        cancelText={t('resource.cancel')}
        confirmLoading={create.isPending}
        okButtonProps={{ ...testId('child-save') }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form form={form} layout="vertical" name={`${labels}-add`} onFinish={submit}>
          <FormFields fields={add.fields} labels={labels} />
        </Form>
      </Modal>
    </>
  )
}
