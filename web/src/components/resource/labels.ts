import type { TFunction } from 'i18next'

/**
 * How fields and their values are named on screen. Each is looked up in the resource's strings first
 * (`{labels}.fields.{field}`, `{labels}.values.{field}.{value}`), then in the shared ones every resource
 * uses (`resource.fields.created_at`, `resource.values.status.enabled`); `labels` is the resource's i18n
 * key, or a child's (`channels.children.campaigns`).
 */
export const fieldLabel = (t: TFunction, labels: string, field: string): string =>
  t([`${labels}.fields.${field}`, `resource.fields.${field}`], { defaultValue: field.replaceAll('_', ' ') })

export const valueLabel = (t: TFunction, labels: string, field: string, value: string): string =>
  t([`${labels}.values.${field}.${value}`, `resource.values.${field}.${value}`], { defaultValue: value })

/** An enum's choices as a select offers them, in the contract's order. */
export const valueOptions = (t: TFunction, labels: string, field: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: valueLabel(t, labels, field, value) }))

/** Yes / no for a flag (1 / 0 on the wire), as a filter offers it. */
export const flagOptions = (t: TFunction) => [
  { value: '1', label: t('resource.yes') },
  { value: '0', label: t('resource.no') },
]
