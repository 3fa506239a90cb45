import type { FieldInfo } from '@vod/contract/fields'
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type KeyboardEvent, lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { MediaUpload } from '../form/MediaUpload.tsx'
import { valueOptions } from './labels.ts'
import { RecordPicker } from './RecordPicker.tsx'

// tiptap comes with it: loaded only by a form that has rich text.
const RichTextEditor = lazy(() =>
  import('../rich-text/RichTextEditor.tsx').then((module) => ({ default: module.RichTextEditor })),
)

/**
 * The form input of a field, by its kind. Every input holds the wire value itself (a flag 1/0, a day
 * `YYYY-MM-DD`, an instant ISO, an id, money as its decimal text), so a form's values are the body it sends,
 * with no conversion either way. What may be null is cleared to null.
 */
interface WidgetProps<V> {
  value?: V | null
  onChange?: (value: V | null) => void
  id?: string
  'aria-label'?: string
  disabled?: boolean
}

/** A flag (1/0) as a switch. */
function FlagSwitch({ value, onChange, ...rest }: WidgetProps<0 | 1>) {
  return <Switch {...rest} checked={value === 1} onChange={(checked) => onChange?.(checked ? 1 : 0)} />
}

/** Enter in a date input confirms the date typed; it does not send the form the picker sits in. */
const keepEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault()
}

/** A calendar day (`YYYY-MM-DD`), picked without a time zone: the day itself. */
function DayPicker({ value, onChange, ...rest }: WidgetProps<string>) {
  return (
    <DatePicker
      {...rest}
      onKeyDown={keepEnter}
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
    />
  )
}

/** An instant, picked in local time and sent as ISO 8601 UTC. */
function InstantPicker({ value, onChange, ...rest }: WidgetProps<string>) {
  return (
    <DatePicker
      {...rest}
      onKeyDown={keepEnter}
      showTime
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(moment: Dayjs | null) => onChange?.(moment ? moment.toISOString() : null)}
    />
  )
}

interface FieldInputProps {
  field: string
  info: FieldInfo
  /** The i18n key of the resource (or child) the field belongs to: its values' names. */
  labels: string
  /** The field's label, for an input no `<label for>` can name (rich text's editable area). */
  label?: string
  /** A choice's values not offered (FormFieldSpec.exclude). */
  exclude?: readonly string[]
}

/** The input for one field of a form, by its kind and limits (contract/src/fields.ts). */
export function FieldInput({
  field,
  info,
  labels,
  label,
  exclude = [],
  ...control
}: FieldInputProps & WidgetProps<unknown>) {
  const { t } = useTranslation()
  const clear = info.optional || info.nullable
  const empty = info.nullable ? null : undefined
  // What Form.Item hands its input (value, onChange, id, aria-*): each input takes it as its own.
  const props = control as object
  switch (info.kind) {
    case 'flag':
      return <FlagSwitch {...props} />
    case 'day':
      return <DayPicker {...props} />
    case 'instant':
      return <InstantPicker {...props} />
    case 'enum':
      return (
        <Select
          {...props}
          allowClear={clear}
          options={valueOptions(
            t,
            labels,
            field,
            (info.values ?? []).filter((value) => !exclude.includes(String(value))),
          )}
          onChange={(value) => control.onChange?.(value ?? empty)}
        />
      )
    case 'reference':
    case 'references':
      return (
        <RecordPicker
          {...props}
          resource={info.reference ?? ''}
          where={info.where}
          mode={info.kind === 'references' ? 'multiple' : undefined}
          allowClear={clear}
          onChange={(value) => control.onChange?.(value ?? empty)}
        />
      )
    case 'integer':
    case 'number':
      return (
        <InputNumber
          {...props}
          min={info.minimum}
          max={info.maximum}
          precision={info.kind === 'integer' ? 0 : undefined}
          style={{ width: '100%' }}
        />
      )
    case 'money':
    case 'percent':
      return <Input {...props} inputMode="decimal" suffix={info.kind === 'percent' ? '%' : undefined} />
    case 'media':
      return info.media === 'images' || info.media === 'videos' ? (
        <MediaUpload {...props} kind={info.media} />
      ) : (
        <Input {...props} maxLength={info.max_length} />
      )
    case 'rich_text':
      return (
        <Suspense fallback={null}>
          <RichTextEditor
            {...props}
            aria-label={label}
            value={(control.value as string | null | undefined) ?? ''}
          />
        </Suspense>
      )
    case 'long_text':
      return (
        <Input.TextArea
          {...props}
          maxLength={info.max_length}
          autoSize={{ minRows: 3, maxRows: 10 }}
          showCount
        />
      )
    case 'password':
      return <Input.Password {...props} maxLength={info.max_length} autoComplete="new-password" />
    default:
      return (
        <Input {...props} maxLength={info.max_length} type={info.kind === 'email' ? 'email' : undefined} />
      )
  }
}
