import { describeField } from '@vod/contract/fields'
import { permissionEntries } from '@vod/contract/permissions'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { useSession } from '../../stores/session.ts'
import { actionName, groupTitle } from '../permission/permission-names.ts'
import { formatDateTime } from '../resource/format.ts'
import { registeredResource } from '../resource/registry.ts'
import { formatValue, type ValueText } from './changes.ts'
import { LONG_TEXT } from './word-diff.ts'

/** What the server records instead of a secret (server/src/lib/audit.ts). */
const SECRET_MARK = '[changed]'
/** What the server answers for a value of a field the reader's roles hide (field-access.ts changesAs). */
const HIDDEN_MARK = 'hidden'

/** Whether the reader's roles hide the resource's field (GET /api/auth/me's field_rules). */
const hiddenField = (resource: string, field: string): boolean =>
  useSession.getState().profile?.field_rules?.[resource]?.[field] === 'none'
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const permissions = new Map(permissionEntries.map((entry) => [entry.name as string, entry]))

/** Whether the resource's records keep the field as rich text (HTML), which the trail shows as its text. */
function isRichText(resource: string, field: string): boolean {
  const schema = registeredResource(resource)?.contract.record.shape[field] as z.ZodType | undefined
  return schema !== undefined && describeField(schema).kind === 'rich_text'
}

/** Rich text as it reads: its words, blocks apart; markup never shows (parsed inert, never rendered). */
function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|blockquote)>|<br\s*\/?>/gi, '$& ')
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? ''
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Recorded values of one resource's fields in the reader's language: the secret marker, a resource's own
 * value labels (`{resource}.values.{field}.{value}`, or the shared ones), permission
 * names as their action and group, timestamps in local time, rich text as its text; anything else as recorded.
 */
export function valueTexts(resource: string, t: TFunction): ValueText {
  const empty = t('changes.empty')
  const known = (field: string, value: string | number): string | undefined => {
    if (value === SECRET_MARK) return t('changes.secret')
    const own = t([`${resource}.values.${field}.${value}`, `resource.values.${field}.${value}`], {
      defaultValue: '',
    })
    if (own) return own
    const permission = permissions.get(String(value))
    if (permission)
      return t('permission.name', {
        action: actionName(t, permission.action),
        group: groupTitle(t, permission.group),
      })
    if (typeof value === 'string' && TIMESTAMP.test(value)) return formatDateTime(value)
    return undefined
  }
  const text: ValueText = (field, value) => {
    if (value === HIDDEN_MARK && hiddenField(resource, field)) return t('changes.hidden')
    if (Array.isArray(value) && value.length > 0) return value.map((item) => text(field, item)).join(', ')
    if (typeof value === 'string' && value && isRichText(resource, field)) return plainText(value)
    if (typeof value === 'string' || typeof value === 'number')
      return known(field, value) ?? formatValue(value, empty)
    return formatValue(value, empty)
  }
  return text
}

/**
 * A change of a long text (past LONG_TEXT characters) or of rich text, as the two texts a word diff compares
 * (rich text by its words); undefined for any other change, which reads as "before → after".
 */
export function longTextChange(
  resource: string,
  field: string,
  values: readonly unknown[],
): [string, string] | undefined {
  const [before, after] = values
  if (values.length !== 2 || typeof before !== 'string' || typeof after !== 'string') return undefined
  if (isRichText(resource, field)) return [plainText(before), plainText(after)]
  return before.length > LONG_TEXT || after.length > LONG_TEXT ? [before, after] : undefined
}
