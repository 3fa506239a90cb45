import { DatePicker, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { Query } from '../../api/http.ts'
import { RecordPicker } from './RecordPicker.tsx'

/**
 * A list filter, kept with the list's state. `select`: `?{name}=value` from fixed options; `record`:
 * `?{name}=id` chosen among another resource's records (searched on the server); `dateRange`:
 * `?{name}From=…&{name}To=…` (ISO instants, the first and last moment of the chosen local days), which
 * the API reads as `{field}_from` / `{field}_to`; with `days`, the chosen days themselves (`YYYY-MM-DD`), for
 * calendar-day fields such as a membership's end date. The label is the field's (`{resource}.fields.{name}`).
 */
export type ResourceFilter =
  | { name: string; kind?: 'select'; options: { value: string; label: string }[] }
  | {
      name: string
      kind: 'record'
      resource: string
      optionLabel?: (record: never) => string
      where?: Query
    }
  | { name: string; kind: 'dateRange'; days?: boolean }

/** The URL parameters a set of filters reads and writes. */
export const filterParamNames = (filters: readonly ResourceFilter[]): string[] =>
  filters.flatMap((filter) =>
    filter.kind === 'dateRange' ? [`${filter.name}From`, `${filter.name}To`] : [filter.name],
  )

type Range = [Dayjs, Dayjs]

/** Spec section 9's quick options for date ranges, ending today. */
function datePresets(now: Dayjs = dayjs()): { key: string; value: Range }[] {
  const today = now.startOf('day')
  const days = (count: number): Range => [today.subtract(count - 1, 'day'), now.endOf('day')]
  return [
    { key: 'today', value: days(1) },
    { key: 'yesterday', value: [today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')] },
    { key: 'last3Days', value: days(3) },
    { key: 'last7Days', value: days(7) },
  ]
}

interface ListFiltersProps {
  resource: string
  filters: readonly ResourceFilter[]
  values: Record<string, string>
  onChange: (change: Record<string, string>) => void
}

export function ListFilters({ resource, filters, values, onChange }: ListFiltersProps) {
  return filters.map((filter) => (
    <ListFilter key={filter.name} resource={resource} filter={filter} values={values} onChange={onChange} />
  ))
}

function ListFilter({
  resource,
  filter,
  values,
  onChange,
}: Omit<ListFiltersProps, 'filters'> & { filter: ResourceFilter }) {
  const { t } = useTranslation()
  const label = (name: string) => t(`${resource}.fields.${name}`)
  const common = {
    'aria-label': label(filter.name),
    'data-testid': `${resource}-filter-${filter.name}`,
  }
  if (filter.kind === 'dateRange') {
    const from = values[`${filter.name}From`]
    const to = values[`${filter.name}To`]
    // The picker passes no attributes to its inputs' box, so a labelled group carries the field's name.
    return (
      <fieldset {...common} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('resource.rangeStart'), t('resource.rangeEnd')]}
          presets={datePresets().map(({ key, value }) => ({ label: t(`resource.presets.${key}`), value }))}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          onChange={(range) =>
            onChange(
              filter.days
                ? {
                    [`${filter.name}From`]: range?.[0]?.format('YYYY-MM-DD') ?? '',
                    [`${filter.name}To`]: range?.[1]?.format('YYYY-MM-DD') ?? '',
                  }
                : {
                    [`${filter.name}From`]: range?.[0]?.startOf('day').toISOString() ?? '',
                    [`${filter.name}To`]: range?.[1]?.endOf('day').toISOString() ?? '',
                  },
            )
          }
        />
      </fieldset>
    )
  }
  const value = values[filter.name]
  if (filter.kind === 'record')
    return (
      <RecordPicker
        {...common}
        resource={filter.resource}
        where={filter.where}
        optionLabel={filter.optionLabel as ((record: { id: number }) => string) | undefined}
        allowClear
        style={{ minWidth: 180 }}
        placeholder={label(filter.name)}
        value={value ? Number(value) : undefined}
        onChange={(id) => onChange({ [filter.name]: typeof id === 'number' ? String(id) : '' })}
      />
    )
  return (
    <Select
      {...common}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 160 }}
      placeholder={label(filter.name)}
      options={filter.options}
      value={value}
      onChange={(next?: string) => onChange({ [filter.name]: next ?? '' })}
    />
  )
}
