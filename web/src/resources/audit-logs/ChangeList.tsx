import type { AuditLog } from '@vod/contract/resources/audit-logs'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { fieldLabel } from '../../components/resource/labels.ts'
import { ARROW, changeValues } from './changes.ts'
import { ReferenceValue } from './ReferenceValue.tsx'
import { referenceOf } from './references.ts'
import { valueTexts } from './value-text.ts'

/**
 * What an entry changed, a line a field, named as the resource's screens name it; a field that names
 * other records (`plan_id`, `role_ids`) shows their names rather than their ids.
 */
export function ChangeList({ log }: { log: AuditLog }) {
  const { t } = useTranslation()
  const valueText = valueTexts(log.resource, t)
  return (
    // Wrapped in the column, a long value too, never cut off: the details are what the entry is read for.
    <ul
      className="audit-changes"
      style={{ margin: 0, paddingLeft: 16, minWidth: '12em', overflowWrap: 'anywhere' }}
    >
      {changeValues(log.changes, log.action).map(({ field, values }) => {
        const target = referenceOf(log.resource, log.action, field)
        const text = (value: unknown) => valueText(field, value)
        return (
          <li key={field}>
            <Typography.Text strong>
              {t([`audit-logs.changeFields.${field}`, `${log.resource}.fields.${field}`], {
                defaultValue: fieldLabel(t, log.resource, field),
              })}
            </Typography.Text>
            {': '}
            {values.map((value, i) => (
              <span key={i === values.length - 1 ? 'new' : 'old'}>
                {i > 0 && ARROW}
                {target ? <ReferenceValue resource={target} value={value} text={text} /> : text(value)}
              </span>
            ))}
          </li>
        )
      })}
    </ul>
  )
}
