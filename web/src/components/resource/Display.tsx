import { isLinkableMedia } from '@vod/contract/answers'
import type { FieldInfo } from '@vod/contract/fields'
import { STORE_CURRENCY } from '@vod/contract/values'
import { Space, Tag } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { formatDate, formatDateTime, formatMoney, recordLabel } from './format.ts'
import { valueLabel } from './labels.ts'
import { Reference } from './Reference.tsx'
import '../rich-text/rich-text.css'

/** A record another one refers to, as the wire presents it (`tags: [{id, name}]`). */
type Related = { id: number | string; name?: string; title?: string; username?: string }

/**
 * The colour of a state wherever it shows, by what the state means (the same word means the same in every
 * resource); a resource's own state not listed here shows grey.
 */
export const stateColors: Record<string, string> = {
  enabled: 'green',
  active: 'green',
  published: 'green',
  solved: 'green',
  open: 'blue',
  disabled: 'red',
  banned: 'red',
  cancelled: 'orange',
  pending: 'gold',
  reported: 'gold',
  rejected: 'default',
  archived: 'default',
  expired: 'default',
  draft: 'default',
}

/** Fields whose value is a state: shown as a coloured tag. */
const isState = (field: string) => field === 'status' || field.endsWith('_status')

interface ValueProps {
  /** The wire name. */
  field: string
  info: FieldInfo
  value: unknown
  /** The i18n key of the resource (or child) the field belongs to. */
  labels: string
  /** The record the value belongs to: its own `currency`, where it has one, names its money's. */
  record?: unknown
  /** A reference's: the record field that carries the referred record's name (fields.ts `shownAs`). */
  shown?: string
}

/** The currency of a record's money: its own `currency` field, else the store's. */
function currencyOf(record: unknown): string {
  const own = (record as { currency?: unknown } | undefined)?.currency
  return typeof own === 'string' && own ? own : STORE_CURRENCY
}

/** An amount with its currency beside it, `USD 19.99`: a number alone leaves finance guessing. */
export function Money({ value, currency }: { value: unknown; currency: string }) {
  const { i18n } = useTranslation()
  return (
    <span className="money">
      <span className="money-currency">{currency}</span> {formatMoney(value, i18n.language)}
    </span>
  )
}

/**
 * A wire value as people read it, by its kind (API.md's conventions): money an exact decimal, a flag yes or
 * no, a calendar day as it is, an instant in local time, an enum by its translated name (a state as a
 * coloured tag), an image as a thumbnail, related records as tags, a reference by its name with a link.
 */
export function FieldValue({ field, info, value, labels, record, shown }: ValueProps): ReactNode {
  const { t } = useTranslation()
  if (value === null || value === undefined) return null
  switch (info.kind) {
    case 'money':
      return <Money value={value} currency={currencyOf(record)} />
    case 'percent':
      return `${String(value)}%`
    case 'flag':
      return t(value === 1 || value === true ? 'resource.yes' : 'resource.no')
    case 'day':
      return formatDate(value)
    case 'instant':
      return formatDateTime(value)
    case 'enum': {
      const text = valueLabel(t, labels, field, String(value))
      return isState(field) ? <Tag color={stateColors[String(value)] ?? 'default'}>{text}</Tag> : text
    }
    case 'reference':
      return (
        <Reference
          resource={info.reference ?? ''}
          id={value as Id}
          name={shown && (record as Record<string, unknown> | undefined)?.[shown]}
          record={record}
        />
      )
    case 'references':
      return (
        <Space size={[8, 4]} wrap>
          {(Array.isArray(value) ? (value as Id[]) : []).map((id) => (
            <Reference key={String(id)} resource={info.reference ?? ''} id={id} record={record} />
          ))}
        </Space>
      )
    case 'media':
      // A stored value the API would refuse (the member site wrote it) is text: never a link, never loaded.
      if (typeof value === 'string' && value && !isLinkableMedia(value))
        return <span data-testid={`${field}-text`}>{value}</span>
      // A video plays where it is shown (a video's page: the main video, trailer and preview), loading
      // nothing until asked; the link stays for opening it elsewhere.
      if (info.media === 'videos' && typeof value === 'string' && value)
        return (
          <Space orientation="vertical" size={4}>
            {/* biome-ignore lint/a11y/useMediaCaption: uploaded videos come without caption tracks */}
            <video
              controls
              preload="none"
              src={value}
              data-testid={`${field}-player`}
              style={{ width: 320, maxWidth: '100%' }}
            />
            <a href={value}>{value}</a>
          </Space>
        )
      if (info.media !== 'images' || typeof value !== 'string' || !value)
        return typeof value === 'string' ? <a href={value}>{value}</a> : null
      return (
        <a href={value} target="_blank" rel="noreferrer" aria-label={t('resource.openImage')}>
          <img src={value} alt="" loading="lazy" width={48} height={48} style={{ objectFit: 'cover' }} />
        </a>
      )
    case 'list':
      return (
        <Space size={[0, 4]} wrap>
          {(Array.isArray(value) ? value : []).map((item: unknown) =>
            typeof item === 'object' && item !== null ? (
              <Tag key={(item as Related).id}>{recordLabel(item as Related)}</Tag>
            ) : (
              <Tag key={String(item)}>{String(item)}</Tag>
            ),
          )}
        </Space>
      )
    case 'rich_text':
      return (
        <article
          className="rich-html"
          data-testid={`${field}-html`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server (lib/rich-text.ts); the CSP forbids inline script.
          dangerouslySetInnerHTML={{ __html: String(value) }}
        />
      )
    default:
      return String(value)
  }
}
