import { DownOutlined } from '@ant-design/icons'
import { useMutation } from '@tanstack/react-query'
import { type SavedView, savedViewLimits } from '@vod/contract/resources/saved-views'
import { Alert, Button, Checkbox, Dropdown, Form, Input, Modal, Radio } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { notify } from '../../base/notify.ts'
import { useCan } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { type ColumnLayout, viewColumns } from './column-layout.ts'
import { RecordPicker } from './RecordPicker.tsx'
import { useClient, useListQuery } from './resource-queries.ts'
import { currentQuery } from './saved-view-query.ts'
import type { SavedViewsState } from './use-saved-views.ts'

interface SharingValues {
  name: string
  shared: SavedView['shared']
  role_ids?: number[]
  /** Whether the view is the default of the roles it is shared with. */
  role_default?: boolean
}

/** The link that opens a view: the list's hash route with `view=<id>`. */
const viewLink = (pathname: string, id: number) =>
  `${window.location.origin}${window.location.pathname}#${pathname}?view=${id}`

/**
 * "Views" on a list (issue 67): the caller's saved views of this list (its own and those shared with it),
 * each opening the list at its query and layout; "Save current view…" keeping them by name, privately, for
 * some roles (as their default, for a holder of the list's edit permission) or for everyone; the open view's
 * link, and saving the list's state into the open view where the caller may change it.
 */
export function SavedViews({
  list,
  views,
  layout,
  columnKeys,
}: {
  list: string
  views: SavedViewsState
  layout: ColumnLayout
  columnKeys: readonly string[]
}) {
  const { t } = useTranslation()
  const client = useClient<SavedView>('saved-views')
  const location = useLocation()
  const me = useSession((state) => state.profile?.id)
  const mayEditList = useCan('edit', list)
  // Read when the menu is first opened, not with every page of the list.
  const [asked, setAsked] = useState(false)
  /** The dialog: closed, saving a new view, or saving into the open one. */
  const [editing, setEditing] = useState<'new' | SavedView | null>(null)
  const [form] = Form.useForm<SharingValues>()
  const name = Form.useWatch('name', form)
  const shared = Form.useWatch('shared', form)
  const rows = useListQuery(client, { list, per_page: 100 }, views.known && asked).data?.data ?? []
  const open = views.applied?.view
  const mayChange = (view: SavedView) =>
    view.owner_admin_id === me || (view.shared !== 'private' && mayEditList)

  const save = useMutation({
    mutationFn: async ({ role_default, ...values }: SharingValues) => {
      const roles = values.shared === 'roles' ? (values.role_ids ?? []) : []
      const body = {
        ...values,
        name: values.name.trim(),
        role_ids: roles,
        list,
        query: currentQuery(location.search),
        columns: viewColumns(layout, columnKeys),
        density: layout.density,
        // Only a holder of the list's edit permission may set or take away a default: others leave it as it is.
        ...(mayEditList ? { default_role_ids: role_default ? roles : [] } : {}),
      }
      return editing && editing !== 'new' ? client.update(editing, body) : client.create(body)
    },
    onSuccess: async (view) => {
      setEditing(null)
      await views.refresh()
      views.open(view)
      // Said once the view is open: said before, a move elsewhere made meanwhile was undone by its opening.
      void notify('success', t('resource.savedViews.saved'))
    },
    onError: (error) => void notify('error', error.message),
  })
  if (!views.known) return null

  const startEditing = (target: 'new' | SavedView) => {
    form.setFieldsValue(
      target === 'new'
        ? { name: '', shared: 'private', role_ids: [], role_default: false }
        : {
            name: target.name,
            shared: target.shared,
            role_ids: target.role_ids,
            role_default: target.default_role_ids.length > 0,
          },
    )
    setEditing(target)
  }
  const copyLink = async (view: SavedView) => {
    try {
      await navigator.clipboard.writeText(viewLink(location.pathname, view.id))
      void notify('success', t('resource.savedViews.linkCopied'))
    } catch {
      void notify('error', viewLink(location.pathname, view.id))
    }
  }

  const items = [
    ...rows.map((view) => ({
      key: String(view.id),
      label: <span data-testid={`saved-view-${view.id}`}>{view.name}</span>,
    })),
    ...(rows.length ? [{ type: 'divider' as const }] : []),
    ...(open
      ? [
          {
            key: 'copy-link',
            label: (
              <span data-testid="saved-views-copy-link">
                {t('resource.savedViews.copyLink', { name: open.name })}
              </span>
            ),
          },
        ]
      : []),
    ...(open && mayChange(open)
      ? [
          {
            key: 'update',
            label: (
              <span data-testid="saved-views-update">
                {t('resource.savedViews.update', { name: open.name })}
              </span>
            ),
          },
        ]
      : []),
    { key: 'save', label: <span data-testid="saved-views-save">{t('resource.savedViews.save')}</span> },
  ]
  const chosen = (key: string) => {
    if (key === 'save') startEditing('new')
    else if (key === 'update' && open) startEditing(open)
    else if (key === 'copy-link' && open) void copyLink(open)
    else {
      const view = rows.find((row) => String(row.id) === key)
      if (view) views.open(view)
    }
  }
  return (
    <>
      <Dropdown
        trigger={['click']}
        onOpenChange={(opened) => opened && setAsked(true)}
        menu={{ items, onClick: ({ key }) => chosen(key) }}
      >
        <Button data-testid="saved-views">
          {t('resource.savedViews.button')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={editing !== null}
        title={
          editing && editing !== 'new'
            ? t('resource.savedViews.update', { name: editing.name })
            : t('resource.savedViews.save')
        }
        okText={t('resource.save')}
        cancelText={t('resource.savedViews.cancel')}
        okButtonProps={{ disabled: !name?.trim(), ...{ 'data-testid': 'saved-views-submit' } }}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="name" label={t('resource.savedViews.name')}>
            <Input maxLength={savedViewLimits.name} data-testid="saved-views-name" />
          </Form.Item>
          <Form.Item name="shared" label={t('resource.savedViews.shared')}>
            <Radio.Group
              data-testid="saved-views-shared"
              options={[
                { value: 'private', label: t('resource.savedViews.private') },
                { value: 'roles', label: t('resource.savedViews.roles') },
                { value: 'everyone', label: t('resource.savedViews.everyone') },
              ]}
            />
          </Form.Item>
          {shared === 'roles' && (
            <Form.Item
              name="role_ids"
              label={t('resource.savedViews.pickRoles')}
              rules={[{ required: true, type: 'array', min: 1 }]}
            >
              <RecordPicker resource="roles" mode="multiple" data-testid="saved-views-roles" />
            </Form.Item>
          )}
          {shared === 'roles' && mayEditList && (
            <Form.Item
              name="role_default"
              valuePropName="checked"
              extra={t('resource.savedViews.roleDefaultHint')}
            >
              <Checkbox data-testid="saved-views-role-default">
                {t('resource.savedViews.roleDefault')}
              </Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  )
}

/** Says which view the list shows (the role's default, or one opened), and how many of its parts were left out. */
export function AppliedViewNotice({ views }: { views: SavedViewsState }) {
  const { t } = useTranslation()
  const applied = views.applied
  if (!applied) return null
  const { view, leftOut, byDefault } = applied
  return (
    <Alert
      type={leftOut > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="saved-view-applied"
      style={{ marginBottom: 16 }}
      title={t(byDefault ? 'resource.savedViews.appliedDefault' : 'resource.savedViews.applied', {
        name: view.name,
      })}
      description={
        leftOut > 0 ? (
          <span data-testid="saved-view-left-out">
            {t('resource.savedViews.leftOut', { count: leftOut })}
          </span>
        ) : undefined
      }
      action={
        <Button size="small" data-testid="saved-view-plain" onClick={views.plain}>
          {t('resource.savedViews.plain')}
        </Button>
      }
    />
  )
}
