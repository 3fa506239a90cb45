import { Button, Card, Form, Result, Space, Spin } from 'antd'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../app/notify.ts'
import { useRouteHandle } from '../../app/use-route-handle.ts'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'
import { type RecordValues, useResourceRecord, useSaveResource } from './resource-queries.ts'

export interface ResourceField {
  /** camelCase field; the label is `t('{resource}.fields.{name}')`. */
  name: string
  input: ReactNode
  required?: boolean
}

interface ResourceFormProps {
  resource: ResourceDefinition
  fields: ResourceField[]
  /** Values of a new record. */
  initialValues?: RecordValues
}

/**
 * The create / edit screen every resource shares: on `/:id` routes it loads the record first; the
 * server's 422 shows under each field (first message), anything else as a message; after saving it
 * returns to the list.
 */
export function ResourceForm({ resource, fields, initialValues }: ResourceFormProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const [form] = Form.useForm<RecordValues>()
  const record = useResourceRecord<RecordValues>(resource.name, id)
  const save = useSaveResource<RecordValues>(resource.name)
  const titleKey = useRouteHandle()?.route.meta?.titleKey
  const listPath = resourcePath(resource, 'list')

  useEffect(() => {
    if (record.data) form.setFieldsValue(record.data)
  }, [form, record.data])

  if (record.error) {
    const missing = record.error instanceof ApiError && record.error.status === 404
    return (
      <Result
        status={missing ? '404' : 'error'}
        subTitle={missing ? t('resource.notFound') : record.error.message}
      />
    )
  }

  async function submit(values: RecordValues) {
    try {
      await save.mutateAsync({ id, values })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const known = new Set(fields.map((field) => field.name))
      const placed = Object.entries(error.fieldErrors).filter(([name]) => known.has(name))
      form.setFields(placed.map(([name, message]) => ({ name, errors: [message] })))
      // Errors no field on this form can show (or none at all) still need saying.
      if (placed.length === 0 || placed.length < Object.keys(error.fieldErrors).length)
        void notify('error', error.message)
      return
    }
    void notify('success', t('resource.saved'))
    navigate(listPath)
  }

  return (
    <Card title={titleKey && t(titleKey)}>
      <Spin spinning={record.isLoading}>
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          initialValues={initialValues}
          onFinish={submit}
        >
          {fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={t(`${resource.name}.fields.${field.name}`)}
              rules={field.required ? [{ required: true }] : undefined}
            >
              {field.input}
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="form-submit">
              {t('resource.save')}
            </Button>
            <Button onClick={() => navigate(listPath)}>{t('resource.cancel')}</Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  )
}
