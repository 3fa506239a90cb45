import { Form, type FormRule } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface ResourceField {
  /** camelCase field; the label is `t('{resource}.fields.{name}')`. */
  name: string
  input: ReactNode
  required?: boolean
  /** Client rules besides `required` (the server checks again; its 422 shows under the same field). */
  rules?: FormRule[]
  /** Shown under the field while it has no error. */
  extra?: ReactNode
  /** The input's prop that holds the value: `checked` for a switch. */
  valuePropName?: string
  /** Fields whose change re-checks this one (an end date against its start). */
  dependencies?: string[]
}

/** A form's declared fields, labelled `{labels}.fields.{name}`: a record's form, a child's dialog. */
export function FormFields({ fields, labels }: { fields: readonly ResourceField[]; labels: string }) {
  const { t } = useTranslation()
  return fields.map((field) => (
    <Form.Item
      key={field.name}
      name={field.name}
      label={t(`${labels}.fields.${field.name}`)}
      rules={[...(field.required ? [{ required: true }] : []), ...(field.rules ?? [])]}
      extra={field.extra}
      valuePropName={field.valuePropName}
      dependencies={field.dependencies}
    >
      {field.input}
    </Form.Item>
  ))
}
