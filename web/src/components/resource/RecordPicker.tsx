import { Select, type SelectProps, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Query } from '../../api/http.ts'
import type { Id } from '../../api/resource-client.ts'
import { recordLabel } from './Display.tsx'
import { useClient, useListQuery, useManyQuery } from './resource-queries.ts'

/** How many matches a search shows; more means typing more. */
const MATCHES = 20
/** Waits this long after the last key before asking the server. */
const SEARCH_DELAY_MS = 300

type PickerValue = number | number[]

interface RecordPickerProps<T> extends Omit<SelectProps<PickerValue>, 'options' | 'loading' | 'showSearch'> {
  /** The API path of the records offered: `admins`, `roles`, `tags`. */
  resource: string
  /** An option's label; the record's name (or title, or username) unless said. */
  optionLabel?: (record: T) => string
  /** Fixed list filters the offered records must meet: `{ type: 'genre' }` offers genre tags only. */
  where?: Query
}

/** `value`, debounced: what the server is asked for once the admin stops typing. */
function useDebounced<V>(value: V, delay: number): V {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

const idsOf = (value: PickerValue | null | undefined): Id[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]

/**
 * Choose one or several records of another resource, among any number of them: what is typed searches
 * on the server (`keyword=`, once typing pauses), and the chosen records are fetched by id (`ids=`), so
 * a chosen record shows its name wherever it sits in a million. Nothing is asked until the list opens.
 */
export function RecordPicker<T extends { id: number }>({
  resource,
  optionLabel = recordLabel,
  where,
  ...props
}: RecordPickerProps<T>) {
  const { t } = useTranslation()
  const client = useClient<T>(resource)
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const keyword = useDebounced(typed.trim(), SEARCH_DELAY_MS)
  const matches = useListQuery(client, { ...where, perPage: MATCHES, keyword: keyword || undefined }, open)
  const chosen = useManyQuery(client, idsOf(props.value))

  const seen = new Set<number>()
  const options = [...(chosen.data ?? []), ...(matches.data?.data ?? [])].flatMap((record) => {
    if (seen.has(record.id)) return []
    seen.add(record.id)
    return [{ value: record.id, label: optionLabel(record) }]
  })
  const total = matches.data?.meta.total ?? 0
  const searching = matches.isFetching || keyword !== typed.trim()

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
      status={matches.error || chosen.error ? 'error' : props.status}
      notFoundContent={searching ? <Spin size="small" /> : undefined}
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
