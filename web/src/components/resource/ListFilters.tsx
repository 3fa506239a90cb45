import { presetPeriod } from '@vod/contract/periods'
import { DatePicker, Input, InputNumber, Select, Space, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { businessZone } from '../../base/business-zone.ts'
import { usePermissions } from '../../stores/permission.ts'
import { useDayRange } from '../day-range.ts'
import type { FilterField } from './fields.ts'
import { timeZoneLabel } from './format.ts'
import { fieldLabel, flagOptions, valueOptions } from './labels.ts'
import { RecordPicker } from './RecordPicker.tsx'

type Range = [Dayjs, Dayjs]

/** The quick options for date ranges (spec section 9's, this month and last month), in the business zone. */
const listPresets = ['today', 'yesterday', 'last3', 'last7', 'thisMonth', 'lastMonth'] as const

function datePresets(): { key: (typeof listPresets)[number]; value: Range }[] {
  return listPresets.map((key) => {
    const period = presetPeriod(key, businessZone())
    return { key, value: [dayjs(period.start_date), dayjs(period.end_date)] }
  })
}

/**
 * Days go as days: the server counts an instant's in the business zone, as analytics does, and the filter says
 * which zone that is. A link's instants (older URLs) show as their day.
 */
function DayRangeFilter({
  common,
  label,
  instant,
  from,
  to,
  change,
}: {
  common: Record<string, string>
  label: string
  instant: boolean
  from?: string
  to?: string
  change: (first: string | undefined, last: string | undefined) => void
}) {
  const { t } = useTranslation()
  const value = useDayRange(from, to)
  const zoned = instant ? `${label} (${timeZoneLabel()})` : label
  // The picker passes no attributes to its inputs' box, so a labelled group carries the field's name.
  return (
    <fieldset {...common} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        // The field's name stays in sight once dates are chosen (a placeholder goes): members have three.
        prefix={<Typography.Text type="secondary">{zoned}</Typography.Text>}
        placeholder={[t('resource.rangeStart'), t('resource.rangeEnd')]}
        presets={datePresets().map(({ key, value }) => ({ label: t(`resource.presets.${key}`), value }))}
        value={value}
        onChange={(range) => change(range?.[0]?.format('YYYY-MM-DD'), range?.[1]?.format('YYYY-MM-DD'))}
      />
    </fieldset>
  )
}

interface ListFiltersProps {
  /** The i18n key of the labels. */
  labels: string
  /** Prefix of the test ids: `{testId}-filter-{name}`. */
  testId: string
  filters: readonly FilterField[]
  /** The list's filter values by query parameter (`status`, `created_at_from`). */
  values: Record<string, string>
  onChange: (change: Record<string, string>) => void
  /** How an enum filter's values are named, where the resource's strings do not say (the audit trail's resources). */
  optionLabel?: (field: string, value: string) => string
}

/**
 * A list's filter inputs, each by its value's kind: a select of an enum's values (or an open text's usual
 * ones) or yes/no, a picker of the
 * referenced records (searched on the server), a range of days (`{name}_from`, `{name}_to`, both included;
 * for instants, days of the business zone, which the filter names),
 * or of amounts. Each says what it filters by its field's label.
 */
export function ListFilters({ filters, ...rest }: ListFiltersProps) {
  const granted = usePermissions((state) => state.names)
  // A filter of records the admin may not read cannot be used, so it is not offered (a moderator has no
  // member filter: contract permissionNeedsWaived); one a link has set stays, saying what it lacks.
  const usable = (filter: FilterField) =>
    filter.info.kind !== 'reference' ||
    !filter.info.reference ||
    granted?.has(`list-${filter.info.reference}`) ||
    Boolean(rest.values[filter.name])
  return filters.filter(usable).map((filter) => <ListFilter key={filter.name} filter={filter} {...rest} />)
}

function ListFilter({
  labels,
  testId,
  filter,
  values,
  onChange,
  optionLabel,
}: Omit<ListFiltersProps, 'filters'> & { filter: FilterField }) {
  const { t } = useTranslation()
  const { name, info } = filter
  const label = fieldLabel(t, labels, name)
  const common = { 'aria-label': label, 'data-testid': `${testId}-filter-${name}` }
  if (filter.range) {
    const from = values[`${name}_from`]
    const to = values[`${name}_to`]
    const change = (first: string | undefined, last: string | undefined) =>
      onChange({ [`${name}_from`]: first ?? '', [`${name}_to`]: last ?? '' })
    if (info.kind === 'day' || info.kind === 'instant')
      return (
        <DayRangeFilter
          common={common}
          label={label}
          instant={info.kind === 'instant'}
          from={from}
          to={to}
          change={change}
        />
      )
    return (
      <Space.Compact {...common}>
        <Input
          style={{ width: '9em' }}
          inputMode="decimal"
          aria-label={t('resource.rangeFrom', { field: label })}
          placeholder={t('resource.rangeFrom', { field: label })}
          defaultValue={from}
          onBlur={(event) => change(event.target.value.trim(), to)}
        />
        <Input
          style={{ width: '7em' }}
          inputMode="decimal"
          aria-label={`${label} ${t('resource.rangeTo')}`}
          placeholder={t('resource.rangeTo')}
          defaultValue={to}
          onBlur={(event) => change(from, event.target.value.trim())}
        />
      </Space.Compact>
    )
  }
  const value = values[name]
  const set = (next: string | undefined) => onChange({ [name]: next ?? '' })
  if (info.kind === 'reference' && info.reference)
    return (
      <RecordPicker
        {...common}
        resource={info.reference}
        where={info.where}
        allowClear
        style={{ minWidth: 180 }}
        placeholder={label}
        value={value ? Number(value) : undefined}
        onChange={(id) => set(typeof id === 'number' ? String(id) : undefined)}
      />
    )
  const choices = info.kind === 'enum' ? info.values : info.suggestions
  if (choices || info.kind === 'flag')
    return (
      <Select
        {...common}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 160 }}
        placeholder={label}
        options={
          info.kind === 'flag'
            ? flagOptions(t)
            : optionLabel
              ? (choices ?? []).map((option) => ({ value: option, label: optionLabel(name, option) }))
              : valueOptions(t, labels, name, choices ?? [])
        }
        value={value}
        onChange={(next?: string) => set(next)}
      />
    )
  if (info.kind === 'integer')
    return (
      <InputNumber
        {...common}
        min={1}
        precision={0}
        placeholder={label}
        value={value ? Number(value) : null}
        onChange={(next) => set(next === null ? undefined : String(next))}
      />
    )
  return (
    <Input
      {...common}
      allowClear
      style={{ width: '12em' }}
      placeholder={label}
      defaultValue={value}
      onPressEnter={(event) => set(event.currentTarget.value.trim())}
      onBlur={(event) => set(event.target.value.trim())}
    />
  )
}
