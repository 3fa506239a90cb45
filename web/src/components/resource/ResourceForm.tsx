import { Alert, Button, Card, Form, Space, Spin } from 'antd'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../app/notify.ts'
import { useRouteHandle } from '../../app/use-route-handle.ts'
import { showServerErrors } from '../form/server-errors.ts'
import { useForm } from '../form/use-form.ts'
import { useSessionDraft } from '../form/use-session-draft.ts'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'
import { FormFields, type ResourceField } from './form-fields.tsx'
import { RecordError } from './RecordError.tsx'
import { type RecordValues, useRecordQuery, useResourceClient, useSaveRecord } from './resource-queries.ts'
import { useListReturn } from './use-list-return.ts'

export type { ResourceField }

interface ResourceFormProps {
  resource: ResourceDefinition
  fields: ResourceField[]
  /** Values of a new record. */
  initialValues?: RecordValues
  /** The loaded record as the form holds it (`roles: [{id}]` -> `roleIds: [id]`). */
  toForm?: (record: RecordValues) => RecordValues
  /** The form's values as the API takes them (fields another call saves left out, empty password dropped). */
  toBody?: (values: RecordValues) => RecordValues
  /** A second call once the record is saved (a role's admins); its 422 shows under the form's fields too. */
  afterSave?: (saved: SavedRecord, values: RecordValues) => Promise<unknown>
  /** The form's largest width in pixels (560 unless a field needs room). */
  maxWidth?: number
}

type SavedRecord = RecordValues & { id: number }

/**
 * The create / edit screen every resource shares: on `/:id` routes it loads the record first; the
 * server's 422 shows under each field (first message), anything else as a message; after saving it
 * returns to the list.
 */
export function ResourceForm(props: ResourceFormProps) {
  const { resource, fields, initialValues, toForm, toBody, afterSave, maxWidth = 560 } = props
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const { pathname } = useLocation()
  const [form] = useForm<RecordValues>()
  const formName = `${resource.name}${useId()}`
  const client = useResourceClient<SavedRecord>(resource)
  const record = useRecordQuery(client, id)
  const save = useSaveRecord(client)
  const titleKey = useRouteHandle()?.route.meta?.titleKey
  // Saved or cancelled, the form is done with; the list comes back as it was left.
  const backToList = useListReturn(resource)

  // Once per screen: a kept (hidden, then shown again) screen re-runs its effects, and must not lose
  // what the admin typed to the record as loaded.
  const filled = useRef(false)
  useEffect(() => {
    if (!record.data || filled.current) return
    filled.current = true
    form.setFieldsValue(toForm ? toForm(record.data) : record.data)
  }, [form, record.data, toForm])
  const draft = useSessionDraft(form, pathname, id === undefined || record.data !== undefined)
  const discardDraft = () => {
    form.resetFields()
    if (record.data) form.setFieldsValue(toForm ? toForm(record.data) : record.data)
    draft.forget()
  }

  if (record.error) return <RecordError error={record.error} />

  async function submit(values: RecordValues) {
    let saved: SavedRecord | undefined
    try {
      saved = await save.mutateAsync({ id, values: toBody ? toBody(values) : values })
      if (afterSave) await afterSave(saved, values)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const names = fields.map((field) => field.name)
      // Errors no field on this form can show (or none at all) still need saying.
      if (showServerErrors(form, error, names)) void notify('error', error.message)
      // Created, but the second call failed: carry on editing the new record, so a retry does not create it twice.
      if (saved && id === undefined) navigate(resourcePath(resource, 'edit', saved.id), { replace: true })
      return
    }
    void notify('success', t('resource.saved'))
    backToList({ done: true })
  }

  return (
    <Card title={titleKey && t(titleKey)}>
      {draft.restored && (
        <Alert
          type="info"
          showIcon
          data-testid="draft-restored"
          title={t('resource.draftRestored')}
          action={
            <Button size="small" onClick={discardDraft}>
              {t('resource.discardDraft')}
            </Button>
          }
          style={{ marginBottom: 16, maxWidth }}
        />
      )}
      <Spin spinning={record.isLoading}>
        <Form
          form={form}
          // Field ids are the form's name + the field's: kept screens (two edit tabs, say) stay in the page
          // together, and each label must point at its own input.
          name={formName}
          layout="vertical"
          style={{ maxWidth }}
          initialValues={initialValues}
          onFinish={submit}
        >
          <FormFields fields={fields} labels={resource.name} />
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="form-submit">
              {t('resource.save')}
            </Button>
            <Button data-testid="form-cancel" onClick={() => backToList({ done: true })}>
              {t('resource.cancel')}
            </Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  )
}
