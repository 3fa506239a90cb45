import { describeField, type FieldInfo } from '@vod/contract/fields'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useSession } from '../../stores/session.ts'
import { FieldValue } from './Display.tsx'
import { fieldOf, shownAs } from './fields.ts'
import { timeZoneLabel } from './format.ts'
import type { ListColumn } from './ListView.tsx'
import { fieldLabel } from './labels.ts'

/** A field's label; times say the zone they are shown in (`Paid at (UTC+08:00 Asia/Shanghai)`). */
export function titleOf(t: TFunction, labels: string, field: string, info?: FieldInfo): string {
  const label = fieldLabel(t, labels, field)
  return info?.kind === 'instant' ? `${label} (${timeZoneLabel()})` : label
}

/** A column of a resource's own: besides a record field's, a width, a sort or a rendering it chooses. */
interface ColumnOf<T> {
  field: string
  width?: number
  sortable?: boolean
  render?: (record: T, t: TFunction) => ReactNode
}

/** A column as a screen gives it (a resource's declaration gives the same, untyped by its record). */
export type Column<T> = string | ColumnOf<T>

/**
 * Text wraps in its column, up to four lines, the whole of it on hover: the table fits its card by wrapping
 * text rather than pushing columns out of sight (ListView).
 */
const wrapped = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 4,
  overflow: 'hidden',
  // A phone's key columns break anywhere instead (list-table.css), so one long code cannot take the width.
  overflowWrap: 'var(--list-cell-wrap, break-word)' as 'break-word',
  whiteSpace: 'normal',
  maxWidth: '32em',
} as const

/** Words (a ticket's subject) break between them, on a phone too: a code or an address, one long word, anywhere. */
const prose = { ...wrapped, overflowWrap: 'break-word' } as const

/** Narrow columns where the value is known to be short. */
const widths: Record<string, number> = { id: 80, image: 72 }

/**
 * Columns of a list from record field names (or specs): each titled by its label, rendered by its kind,
 * sortable when the list's sort takes it. A reference shows the field that names it (`category_id` shows
 * `category_name`).
 */
export function useListColumns<T>(
  record: z.ZodObject,
  sortable: readonly string[],
  labels: string,
  columns: readonly Column<T>[],
): ListColumn<T>[] {
  const { t } = useTranslation()
  // The caller's field rules of this resource (GET /api/auth/me): a hidden field has no column, and neither
  // it nor a masked one sorts (the server refuses both).
  const rules = useSession((state) => state.profile?.field_rules?.[labels])
  const ruleOf = (field: string) => rules?.[field] ?? 'write'
  return columns.flatMap((column): ListColumn<T>[] => {
    const spec: ColumnOf<T> = typeof column === 'string' ? { field: column } : column
    const given = fieldOf(record, spec.field)
    const shown = given ? (shownAs(record, given) ?? spec.field) : spec.field
    if (ruleOf(shown) === 'none' || ruleOf(spec.field) === 'none') return []
    const whole = ['write', 'read'].includes(ruleOf(shown))
    const schema = record.shape[shown] as z.ZodType | undefined
    // A reference is rendered as one (its name, linked), titled and sorted by the field that names it.
    const reference = given?.info.kind === 'reference' ? given : undefined
    const info = reference?.info ?? (schema && describeField(schema))
    const isImage = info?.kind === 'media' && info.media === 'images'
    const made: ListColumn<T> = {
      key: shown,
      field: spec.field,
      title: titleOf(t, labels, shown, schema && describeField(schema)),
      width: spec.width ?? widths[shown] ?? (isImage ? widths.image : undefined),
      sortable: whole && (spec.sortable ?? sortable.includes(shown)),
      render: (row) => {
        if (spec.render) return spec.render(row, t)
        const value = (row as Record<string, unknown>)[shown]
        // Text wraps to the column's measure, the whole of it on hover.
        const wraps = info?.kind === 'text' || info?.kind === 'long_text' || info?.kind === 'email'
        if (wraps && typeof value === 'string' && value)
          return (
            <span className="cell-text" title={value} style={/\s/.test(value.trim()) ? prose : wrapped}>
              {value}
            </span>
          )
        if (reference)
          return (
            <FieldValue
              field={spec.field}
              info={reference.info}
              value={(row as Record<string, unknown>)[spec.field]}
              labels={labels}
              record={row}
              shown={shown === spec.field ? undefined : shown}
            />
          )
        return info ? (
          <FieldValue field={shown} info={info} value={value} labels={labels} record={row} />
        ) : (
          String(value ?? '')
        )
      },
    }
    return [made]
  })
}
