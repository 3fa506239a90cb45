import { Select, type SelectProps, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, type Query } from '../../api/http.ts'
import type { Id } from '../../api/resource-client.ts'
import { useDebounced } from '../../base/use-debounced.ts'
import { useCan } from '../../stores/permission.ts'
import { recordLabel } from './format.ts'
import { labelFieldOf } from './registry.ts'
import { useClient, useListQuery, useManyQuery } from './resource-queries.ts'

/** How many matches a search shows; more means typing more. */
const MATCHES = 20
/** Waits this long after the last key before asking the server. */
const SEARCH_DELAY_MS = 300

type PickerValue = number | number[]

interface RecordPickerProps<T> extends Omit<SelectProps<PickerValue>, 'options' | 'loading' | 'showSearch'> {
  /** The API path of the records offered: `admins`, `roles`, `tags`. */
  resource: string
  /** An option's label; the field its contract names records by (or name, title, username) unless said. */
  optionLabel?: (record: T) => string
  /** Fixed list filters the offered records must meet: `{ type: 'genre' }` offers genre tags only. */
  where?: Query
}

const idsOf = (value: PickerValue | null | undefined): Id[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]

/**
 * Choose one or several records of another resource, among any number of them: what is typed searches
 * on the server (`keyword=`, once typing pauses), and the chosen records are fetched by id (`ids=`), so
 * a chosen record shows its name wherever it sits in a million. Nothing is asked until the list opens.
 * An admin who may not list those records is told so, instead of an empty list.
 */
export function RecordPicker<T extends { id: number }>(props: RecordPickerProps<T>) {
  const { t } = useTranslation()
  const allowed = useCan('list', props.resource)
  if (!allowed)
    return (
      <Select
        id={props.id}
        aria-label={props['aria-label']}
        data-testid={(props as { 'data-testid'?: string })['data-testid']}
        disabled
        style={props.style}
        placeholder={t('resource.pickerForbidden', { permission: `list-${props.resource}` })}
        value={null}
      />
    )
  return <AllowedPicker {...props} />
}

function AllowedPicker<T extends { id: number }>({
  resource,
  optionLabel = (record) => recordLabel(record, labelFieldOf(resource)),
  where,
  ...props
}: RecordPickerProps<T>) {
  const { t } = useTranslation()
  const client = useClient<T>(resource)
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const keyword = useDebounced(typed.trim(), SEARCH_DELAY_MS)
  const matches = useListQuery(client, { ...where, per_page: MATCHES, keyword: keyword || undefined }, open)
  const chosen = useManyQuery(client, idsOf(props.value))

  const seen = new Set<number>()
  const options = [...(chosen.data ?? []), ...(matches.data?.data ?? [])].flatMap((record) => {
    if (seen.has(record.id)) return []
    seen.add(record.id)
    return [{ value: record.id, label: optionLabel(record) }]
  })
  const total = matches.data?.meta.total ?? 0
  const searching = matches.isFetching || keyword !== typed.trim()
  const failed = matches.error ?? chosen.error
  // A refused or failed search says why, never "No data" (a role granted since the last permission read).
  const failure =
    failed &&
    (failed instanceof ApiError && failed.status === 403
      ? t('resource.pickerForbidden', { permission: `list-${resource}` })
      : failed.message)

  return (
    <Select<PickerValue>
      {...props}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        props.onOpenChange?.(next)
      }}
      onChange={(value, option) => {
        setTyped('')
        props.onChange?.(value, option)
      }}
      options={options}
      loading={searching || chosen.isLoading}
      status={failed ? 'error' : props.status}
      notFoundContent={
        searching ? (
          <Spin size="small" />
        ) : failure ? (
          <Typography.Text type="danger" data-testid="picker-failure">
            {failure}
          </Typography.Text>
        ) : undefined
      }
      popupRender={(menu) => (
        <>
          {menu}
          {!searching && total > MATCHES && (
            <div className="record-picker-more" style={{ padding: '4px 12px', opacity: 0.65 }}>
              {t('resource.pickerMore', { shown: MATCHES, total })}
            </div>
          )}
        </>
      )}
    />
  )
}
