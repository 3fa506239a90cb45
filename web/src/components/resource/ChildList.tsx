import { MAX_PER_PAGE } from '@vod/contract/lists'
import { type ChildContract, childOperationsOf } from '@vod/contract/resource'
import { Button, Card, Form, type FormInstance, Modal, Space, Spin } from 'antd'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '../../api/http.ts'
import { type ChildClient, type Id, type RecordValues, resourceClient } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { useCan } from '../../stores/permission.ts'
import { showServerErrors } from '../form/server-errors.ts'
import { completeOrder, moveId } from './child-order.ts'
import { defaultColumns } from './fields.ts'
import { type FormField, FormFields, fieldName } from './form-fields.tsx'
import { recordLabel } from './format.ts'
import { ListView, type ListViewProps } from './ListView.tsx'
import { type Column, useListColumns } from './list-columns.tsx'
import { useListController, useLocalListState } from './list-controller.ts'
import { RecordPicker } from './RecordPicker.tsx'
import { RemoveButton } from './RemoveButton.tsx'
import { registeredResource } from './registry.ts'
import { useResource } from './resource-context.tsx'
import { baseOf, resourcePath } from './resource-paths.ts'
import { useChange, useDeleteRecord, useSaveRecord } from './resource-queries.ts'
import type { SortableListViewProps } from './SortableListView.tsx'
import { testId } from './test-id.ts'
import { bodyOf } from './zod-rules.ts'

// dnd-kit comes with it, so it is loaded only where a list is ordered; lazy() drops the generic.
const SortableListView = lazy(() => import('./SortableListView.tsx')) as unknown as <T extends { id: Id }>(
  props: SortableListViewProps<T>,
) => ReactNode

interface ChildListProps<T> {
  /** The parent record's id. */
  id: Id
  /** The child's name in the parent's contract: `photos` -> `/api/{parent}/{id}/photos`. */
  child: string
  /** The columns; by default every field of the child's record a list shows. */
  columns?: readonly Column<T>[]
  /** The add dialog's fields; by default every field of the child's input. */
  fields?: readonly FormField[]
  /** More in the list's toolbar (a link to a create screen, a picker of one's own). */
  toolbar?: ReactNode
  /** More buttons in each row (an edit link), before remove. */
  rowActions?: (record: T) => ReactNode
}

/**
 * A record's children through the data-access seam (react-admin's ReferenceManyField), as the parent's
 * contract declares them: paged on their own (the list's state is local, so the screen's main list keeps
 * the URL); added through a dialog of their input's fields (owned) or a picker of the records to link;
 * removed and reordered by dragging, as their operations allow, for admins with the permission. Labels
 * are `{parent}.children.{child}.*`.
 */
export function ChildList<T extends { id: Id }>(props: ChildListProps<T>) {
  const { id, child } = props
  const parent = useResource()
  const spec = parent.contract.children?.[child] as ChildContract
  const operations = childOperationsOf(spec)
  const ordered = Boolean(spec.ordered) && operations.includes('reorder')
  const { t } = useTranslation()
  const labels = `${parent.name}.children.${child}`
  const api = useMemo(() => resourceClient(parent.api).children<T>(id, child), [parent, id, child])
  const columns = useListColumns<T>(
    spec.record,
    spec.list?.sortable ?? [],
    labels,
    props.columns ??
      (parent.children?.[child]?.columns as readonly Column<T>[] | undefined) ??
      defaultColumns({ path: child, record: spec.record }),
  )
  // An ordered list shows as many as a page holds, so that most orders are rearranged on one page.
  const controller = useListController({
    client: api,
    state: useLocalListState(ordered ? { per_page: MAX_PER_PAGE } : {}),
    defaultSort: spec.list?.defaultSort,
  })
  const own = spec.permissions
  const mayList = useCan('list', own ?? parent.name)
  const mayEdit = useCan('edit', parent.name)
  const mayAdd = useCan(own ? 'create' : 'edit', own ?? parent.name) && operations.includes('create')
  const mayChange = useCan('edit', own ?? parent.name) && operations.includes('edit')
  const mayRemove = useCan(own ? 'delete' : 'edit', own ?? parent.name) && operations.includes('delete')
  // A child with screens of its own (a channel's campaigns) is added and edited there, for this parent.
  const screens = own ? registeredResource(own) : undefined
  const param = screens && baseOf(screens).match(/:(\w+)/)?.[1]
  const pathOf = (action: 'create' | 'edit', childId?: Id) =>
    screens && resourcePath(screens, action, childId, param ? { [param]: String(id) } : {})
  const remove = useDeleteRecord(api)
  const reorder = useChange(api, (order: Id[]) => api.reorder(order))
  const add: ChildAdd | undefined = spec.links
    ? { links: spec.links }
    : spec.input && { fields: props.fields ?? Object.keys(spec.input.shape), schema: spec.input }

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
        api.list({ page, per_page: params.per_page }).then((answer) => answer.data.map((row) => row.id)),
      )
      await reorder.mutateAsync(order)
    } catch (error) {
      void notify('error', (error as Error).message)
      void controller.query.refetch()
    }
  }

  const createPath = mayAdd ? pathOf('create') : undefined
  const editLinks = mayChange && screens
  // Without screens of its own, a child with fields is changed in a dialog (how a block shows a video).
  const editInPlace = mayChange && !screens && spec.input
  const [editing, setEditing] = useState<T | null>(null)
  const view: ListViewProps<T> = {
    controller,
    labels,
    testId: child,
    columns,
    search: false,
    toolbar:
      props.toolbar || (mayAdd && add) || createPath ? (
        <>
          {props.toolbar}
          {createPath ? (
            <Link to={createPath}>
              <Button type="primary" data-testid={`${child}-create`}>
                {t('resource.add')}
              </Button>
            </Link>
          ) : (
            mayAdd && add && <AddChild labels={labels} add={add} api={api} />
          )}
        </>
      ) : undefined,
    rowActions:
      mayRemove || props.rowActions || editLinks || editInPlace
        ? (record) => (
            <>
              {props.rowActions?.(record)}
              {editLinks && (
                <Link to={pathOf('edit', record.id) as string} data-testid={`${child}-edit`}>
                  {t('resource.edit')}
                </Link>
              )}
              {editInPlace && (
                <Button
                  type="link"
                  size="small"
                  data-testid={`child-edit-${record.id}`}
                  onClick={() => setEditing(record)}
                >
                  {t('resource.edit')}
                </Button>
              )}
              {mayRemove && (
                <RemoveButton
                  id={record.id}
                  version={(record as { version?: unknown }).version}
                  name={recordLabel(record)}
                  verb="remove"
                  run={remove.mutateAsync}
                />
              )}
            </>
          )
        : undefined,
  }
  if (!mayList) return null
  return (
    <Card title={t(`${labels}.title`)} data-testid={`${child}-children`}>
      {editInPlace && editing && (
        <EditChild
          key={editing.id}
          labels={labels}
          record={editing}
          fields={props.fields ?? Object.keys(editInPlace.shape)}
          schema={editInPlace}
          api={api}
          close={() => setEditing(null)}
        />
      )}
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

/** How children are added: a form of their own fields, or other records linked by id (a block's videos). */
type ChildAdd =
  | { fields: readonly FormField[]; schema: NonNullable<ChildContract['input']> }
  | { links: string }

/**
 * Add children: a dialog with their fields, or a picker of the records to link. The child's strings may
 * name the picker and its button (`{labels}.pick`, `{labels}.add`: "Members to allocate", "Allocate").
 */
function AddChild<T>({ labels, add, api }: { labels: string; add: ChildAdd; api: ChildClient<T> }) {
  const { t, i18n } = useTranslation()
  const own = (key: string, shared: string) =>
    t(i18n.exists(`${labels}.${key}`) ? `${labels}.${key}` : shared)
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<number[]>([])
  const [form] = Form.useForm<RecordValues>()
  const create = useSaveRecord(api)
  const link = useChange(api, (ids: Id[]) => api.link(ids))
  const done = () => notify('success', t('resource.added'))

  if ('links' in add)
    return (
      <Space.Compact>
        <RecordPicker
          mode="multiple"
          resource={add.links}
          value={picked}
          onChange={(ids) => setPicked(ids as number[])}
          style={{ minWidth: 240 }}
          aria-label={own('pick', 'resource.add')}
          placeholder={i18n.exists(`${labels}.pick`) ? t(`${labels}.pick`) : undefined}
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
          {own('add', 'resource.add')}
        </Button>
      </Space.Compact>
    )

  return (
    <>
      <Button type="primary" data-testid="child-add" onClick={() => setOpen(true)}>
        {t('resource.add')}
      </Button>
      <ChildDialog
        open={open}
        close={() => setOpen(false)}
        title={t(`${labels}.addTitle`)}
        labels={labels}
        fields={add.fields}
        schema={add.schema}
        form={form}
        pending={create.isPending}
        save={async (values) => {
          await create.mutateAsync({ values: bodyOf(add.schema, values) })
          form.resetFields()
          void done()
        }}
      />
    </>
  )
}

/** Change one child's own fields in a dialog, open while it is shown: its PUT takes any of them. */
function EditChild<T extends { id: Id }>(props: {
  labels: string
  record: T
  fields: readonly FormField[]
  schema: NonNullable<ChildContract['input']>
  api: ChildClient<T>
  close: () => void
}) {
  const { labels, record, fields, schema, api, close } = props
  const { t } = useTranslation()
  const [form] = Form.useForm<RecordValues>()
  const save = useSaveRecord(api)
  const values = record as unknown as RecordValues
  return (
    <ChildDialog
      open
      close={close}
      title={`${t('resource.edit')}: ${recordLabel(record)}`}
      labels={labels}
      fields={fields}
      schema={schema}
      form={form}
      initialValues={Object.fromEntries(fields.map(fieldName).map((name) => [name, values[name]]))}
      saveTestId="child-update"
      pending={save.isPending}
      save={async (changed) => {
        await save.mutateAsync({ id: record.id, version: values.version, values: bodyOf(schema, changed) })
        void notify('success', t('resource.saved'))
      }}
    />
  )
}

/** A dialog of a child's fields; the server's 422 shows under each field, and the dialog stays open. */
function ChildDialog(props: {
  open: boolean
  close: () => void
  title: string
  labels: string
  fields: readonly FormField[]
  schema: NonNullable<ChildContract['input']>
  form: FormInstance<RecordValues>
  /** The values it opens with (a child being changed); none when adding. */
  initialValues?: RecordValues
  saveTestId?: string
  pending: boolean
  save: (values: RecordValues) => Promise<void>
}) {
  const { open, close, title, labels, fields, schema, form, initialValues, pending, save } = props
  const { t } = useTranslation()
  const submit = async (values: RecordValues) => {
    try {
      await save(values)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (showServerErrors(form, error, fields.map(fieldName))) void notify('error', error.message)
      return
    }
    close()
  }
  return (
    <Modal
      open={open}
      title={title}
      okText={t('resource.save')}
      cancelText={t('resource.cancel')}
      confirmLoading={pending}
      okButtonProps={{ ...testId(props.saveTestId ?? 'child-save') }}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name={initialValues ? `${labels}-edit` : `${labels}-add`}
        initialValues={initialValues}
        onFinish={submit}
      >
        <FormFields fields={fields} labels={labels} schema={schema} />
      </Form>
    </Modal>
  )
}
