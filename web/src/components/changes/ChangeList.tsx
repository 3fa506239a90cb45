import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { fieldLabel } from '../resource/labels.ts'
import { ARROW, changeValues } from './changes.ts'
import { ReferenceValue } from './ReferenceValue.tsx'
import { referenceOf } from './references.ts'
import { longTextChange, valueTexts } from './value-text.ts'
import { WordDiff } from './WordDiff.tsx'

/** What changed in a record of `resource`: an audit entry's `changes`, or another person's edit. */
export interface ChangeEntry {
  resource: string
  /** `create` and `delete` hold the record itself; anything else `{field: [old, new]}` (changes.ts). */
  action: string
  changes: Record<string, unknown> | null
}

/**
 * What an entry changed, a line a field, named as the resource's screens name it (or first by `labels`,
 * an i18n key prefix of the caller's fields that are no resource's); a field that names other records
 * (`plan_id`, `role_ids`) shows their names rather than their ids.
 */
export function ChangeList({
  entry,
  labels,
  references,
}: {
  entry: ChangeEntry
  labels?: string
  /** Fields a form holds that name records though the contract has no such field (a video's `genre_ids`). */
  references?: Record<string, string>
}) {
  const { t } = useTranslation()
  const { resource, action } = entry
  const valueText = valueTexts(resource, t)
  return (
    // Wrapped in the column, a long value too, never cut off: the details are what the entry is read for.
    <ul
      className="record-changes"
      style={{ margin: 0, paddingLeft: 16, minWidth: '12em', overflowWrap: 'anywhere' }}
    >
      {changeValues(entry.changes, action).map(({ field, values }) => {
        const target = references?.[field] ?? referenceOf(resource, action, field)
        const text = (value: unknown) => valueText(field, value)
        // A long or rich text reads by the words that changed, not as two walls of text.
        const long = longTextChange(resource, field, values)
        return (
          <li key={field}>
            <Typography.Text strong>
              {t([...(labels ? [`${labels}.${field}`] : []), `${resource}.fields.${field}`], {
                defaultValue: fieldLabel(t, resource, field),
              })}
            </Typography.Text>
            {': '}
            {long ? (
              <WordDiff before={long[0]} after={long[1]} />
            ) : (
              values.map((value, i) => (
                <span key={i === values.length - 1 ? 'new' : 'old'}>
                  {i > 0 && ARROW}
                  {target ? <ReferenceValue resource={target} value={value} text={text} /> : text(value)}
                </span>
              ))
            )}
          </li>
        )
      })}
    </ul>
  )
}
