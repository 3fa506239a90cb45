import { describeField } from '@vod/contract/fields'
import { Form, type FormRule } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { fieldLabel } from './labels.ts'
import { FieldInput } from './widgets.tsx'
import { zodRule } from './zod-rules.ts'

/** A form field that differs from what its kind gives: an input of its own, a hint, more rules. */
interface FormFieldSpec {
  /** The wire name; the label is `{labels}.fields.{name}` (or the shared one). */
  name: string
  input?: ReactNode
  /** Rules besides the contract's (the server checks again; its 422 shows under the same field). */
  rules?: FormRule[]
  /** Shown under the field while it has no error; `{labels}.hints.{name}` unless said. */
  extra?: ReactNode
  /** Fields whose change re-checks this one. */
  dependencies?: string[]
  /** Shown, not changed (the super-admin role's name). */
  disabled?: boolean
  /** Values of a choice not offered (taken by other records). */
  exclude?: readonly string[]
}

export type FormField = string | FormFieldSpec

export const fieldName = (field: FormField): string => (typeof field === 'string' ? field : field.name)

interface FormFieldsProps {
  fields: readonly FormField[]
  /** The i18n key of the labels: the resource's, or a child's (`videos.children.photos`). */
  labels: string
  /** The body's schema: each field's input, limits and rules come from it. */
  schema?: z.ZodObject
  /** The create body's schema: a field it needs is marked required, on edit too. */
  required?: z.ZodObject
}

/** A form's fields: each one's input by its kind, its rules from the contract, its label and error. */
export function FormFields({ fields, labels, schema, required = schema }: FormFieldsProps) {
  const { t, i18n } = useTranslation()
  return fields.map((given) => {
    const spec: FormFieldSpec = typeof given === 'string' ? { name: given } : given
    const { name } = spec
    const label = fieldLabel(t, labels, name)
    const fieldSchema = schema?.shape[name] as z.ZodType | undefined
    const neededSchema = required?.shape[name] as z.ZodType | undefined
    const info = fieldSchema && describeField(fieldSchema)
    const input =
      spec.input ??
      (info ? (
        <FieldInput
          field={name}
          info={info}
          labels={labels}
          label={label}
          disabled={spec.disabled}
          exclude={spec.exclude}
        />
      ) : null)
    return (
      <Form.Item
        key={name}
        name={name}
        label={label}
        required={neededSchema && !spec.disabled ? !describeField(neededSchema).optional : false}
        // A disabled field is never sent (a field the caller's rules let it read only, or masked: its mask
        // is no value the contract takes), so nothing judges it.
        rules={
          spec.disabled
            ? []
            : [
                ...(schema && fieldSchema ? [zodRule(schema, name, label, i18n.language)] : []),
                ...(spec.rules ?? []),
              ]
        }
        extra={
          spec.extra ?? (i18n.exists(`${labels}.hints.${name}`) ? t(`${labels}.hints.${name}`) : undefined)
        }
        dependencies={spec.dependencies}
        valuePropName="value"
      >
        {input}
      </Form.Item>
    )
  })
}
