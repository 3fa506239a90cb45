import { Space, Tag } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDateTime, formatMoney } from './format.ts'

/**
 * How a value of the wire shows in lists and detail screens (API.md's conventions): `money` an exact
 * decimal string, `flag` 1/0 as yes/no, `date` a calendar day, `datetime` an instant in local time,
 * `image` a thumbnail of a URL, `status` a coloured tag with the state's translated name, `relation`
 * the related records (`tags: [{id, name}]`) as tags.
 */
export type DisplayType = 'text' | 'money' | 'flag' | 'date' | 'datetime' | 'image' | 'status' | 'relation'

/** A record another one refers to, as the wire presents it (`tags: [{id, name}]`). */
export type Related = { id: number | string; name?: string; title?: string; username?: string }

export interface FieldDisplay<T> {
  /** camelCase field; the label is `t('{resource}.fields.{key}')`. */
  key: keyof T & string
  type?: DisplayType
  /** status: the antd Tag colour of each state (`{ published: 'green' }`); others are grey. */
  colors?: Record<string, string>
  /** status: the i18n group of the state names, `{resource}.{values}.{state}`; `statuses` unless said. */
  values?: string
  /** relation: a related record's label; its name (or title, or username) unless said. */
  label?: (record: Related) => string
  /** Anything the types do not cover; wins over `type`. */
  render?: (value: T[keyof T & string], record: T) => ReactNode
}

/** What names a related record unless its screen says otherwise: its name, title or username, else its id. */
export const recordLabel = (record: Related): string =>
  record.name ?? record.title ?? record.username ?? `#${record.id}`

export function displayField<T>(field: FieldDisplay<T>, record: T, labels: string): ReactNode {
  const value = record[field.key]
  if (field.render) return field.render(value, record)
  return <DisplayValue value={value} display={field as FieldDisplay<unknown>} labels={labels} />
}

function DisplayValue({
  value,
  display,
  labels,
}: {
  value: unknown
  display: FieldDisplay<unknown>
  /** The i18n prefix of the resource the field belongs to (`notes`). */
  labels: string
}) {
  const { t, i18n } = useTranslation()
  if (value === null || value === undefined) return null
  switch (display.type) {
    case 'money':
      return <span className="money">{formatMoney(value, i18n.language)}</span>
    case 'flag':
      return t(value === 1 || value === true ? 'resource.yes' : 'resource.no')
    case 'date':
      return formatDate(value)
    case 'datetime':
      return formatDateTime(value)
    case 'image':
      return typeof value === 'string' && value ? (
        <a href={value} target="_blank" rel="noreferrer" aria-label={t('resource.openImage')}>
          <img src={value} alt="" loading="lazy" width={48} height={48} style={{ objectFit: 'cover' }} />
        </a>
      ) : null
    case 'status': {
      const state = String(value)
      return (
        <Tag color={display.colors?.[state] ?? 'default'}>
          {t(`${labels}.${display.values ?? 'statuses'}.${state}`, { defaultValue: state })}
        </Tag>
      )
    }
    case 'relation':
      return (
        <Space size={[0, 4]} wrap>
          {(Array.isArray(value) ? (value as Related[]) : []).map((related) => (
            <Tag key={related.id}>{(display.label ?? recordLabel)(related)}</Tag>
          ))}
        </Space>
      )
    default:
      return String(value)
  }
}
