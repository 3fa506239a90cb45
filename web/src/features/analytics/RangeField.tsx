import { DatePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'

/**
 * An analytics screen's range of days, picked on a calendar (`YYYY-MM-DD` either side). Loaded beside the
 * screen rather than in it (AnalyticsPage.tsx): the figures show without the date picker's code.
 */
export default function RangeField({
  start,
  end,
  onPick,
}: {
  start: string
  end: string
  onPick: (range: { start_date: string; end_date: string }) => void
}) {
  const { t } = useTranslation()
  const pick = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? []
    if (!from || !to) return
    onPick({ start_date: from.format('YYYY-MM-DD'), end_date: to.format('YYYY-MM-DD') })
  }
  return (
    <DatePicker.RangePicker
      aria-label={t('analytics.range')}
      value={[dayjs(start), dayjs(end)]}
      onChange={pick}
      allowClear={false}
    />
  )
}
