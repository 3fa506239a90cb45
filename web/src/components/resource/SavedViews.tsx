import { DownOutlined } from '@ant-design/icons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type SavedView, savedViewLimits, savedViewLists } from '@vod/contract/resources/saved-views'
import { Button, Dropdown, Form, Input, Modal, Radio } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { notify } from '../../base/notify.ts'
import { useClient } from './resource-queries.ts'

/** The list's URL query as a view keeps it: its filters, keyword, sort and page size, never its page. */
function currentQuery(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('page')
  return params.toString()
}

/**
 * "Views" on a list (issue 67): the caller's saved views of this list (its own and those shared with it),
 * each opening the list at its query, and "Save current view…" keeping the list's URL state by name.
 */
export function SavedViews({ list }: { list: string }) {
  const { t } = useTranslation()
  const client = useClient<SavedView>('saved-views')
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [saving, setSaving] = useState(false)
  // Read when the menu is first opened, not with every page of the list.
  const [asked, setAsked] = useState(false)
  const [form] = Form.useForm<{ name: string; shared: 'private' | 'everyone' }>()
  const name = Form.useWatch('name', form)
  const known = savedViewLists.includes(list)
  const queryKey = ['saved-views', list]
  const views = useQuery({
    queryKey,
    queryFn: ({ signal }) => client.list({ list, per_page: 100 }, signal),
    enabled: known && asked,
  })
  const save = useMutation({
    mutationFn: (values: { name: string; shared: string }) =>
      client.create({ ...values, list, query: currentQuery(location.search) }),
    onSuccess: async () => {
      setSaving(false)
      form.resetFields()
      void notify('success', t('resource.savedViews.saved'))
      await queryClient.invalidateQueries({ queryKey })
    },
    onError: (error) => void notify('error', error.message),
  })
  if (!known) return null

  const rows = views.data?.data ?? []
  const open = (id: string) => {
    const view = rows.find((row) => String(row.id) === id)
    if (view) navigate({ pathname: location.pathname, search: view.query ? `?${view.query}` : '' })
  }
  const items = [
    ...rows.map((view) => ({
      key: String(view.id),
      label: <span data-testid={`saved-view-${view.id}`}>{view.name}</span>,
    })),
    ...(rows.length ? [{ type: 'divider' as const }] : []),
    { key: 'save', label: <span data-testid="saved-views-save">{t('resource.savedViews.save')}</span> },
  ]
  return (
    <>
      <Dropdown
        trigger={['click']}
        onOpenChange={(opened) => opened && setAsked(true)}
        menu={{ items, onClick: ({ key }) => (key === 'save' ? setSaving(true) : open(key)) }}
      >
        <Button data-testid="saved-views">
          {t('resource.savedViews.button')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={saving}
        title={t('resource.savedViews.save')}
        okText={t('resource.save')}
        cancelText={t('resource.savedViews.cancel')}
        okButtonProps={{ disabled: !name?.trim(), ...{ 'data-testid': 'saved-views-submit' } }}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setSaving(false)}
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ shared: 'private' }}
          onFinish={(values) => save.mutate({ ...values, name: values.name.trim() })}
        >
          <Form.Item name="name" label={t('resource.savedViews.name')}>
            <Input maxLength={savedViewLimits.name} data-testid="saved-views-name" />
          </Form.Item>
          <Form.Item name="shared" label={t('resource.savedViews.shared')}>
            <Radio.Group
              options={[
                { value: 'private', label: t('resource.savedViews.private') },
                { value: 'everyone', label: t('resource.savedViews.everyone') },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
