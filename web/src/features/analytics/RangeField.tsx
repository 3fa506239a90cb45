import { issueMessage } from '@vod/contract/issues'
import { periodQuery } from '@vod/contract/resources/analytics'
import { formatMessage } from '@vod/contract/validation-messages'
import { calendarDay } from '@vod/contract/values'
import { DatePicker, Space, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDayRange } from '../../components/day-range.ts'
import { useViewLeaving } from '../../components/focus/KeptViewBox.tsx'

type Range = { start_date: string; end_date: string }

/**
 * What the two inputs hold as typed: the range they name, or why not in the screen's language (a text that is
 * no day, or a period the API refuses, by the contract's own rules and words).
 */
function judgeRange(typed: [string, string], language: string, notDay: (value: string) => string) {
  const bad = typed.find((value) => !calendarDay.safeParse(value).success)
  if (bad !== undefined) return { refusal: notDay(bad) }
  const [start_date, end_date] = typed
  const checked = periodQuery.safeParse({ start_date, end_date })
  if (checked.success) return { range: checked.data as Range }
  const { key, params } = issueMessage(checked.error.issues[0] as Parameters<typeof issueMessage>[0])
  return { refusal: formatMessage(language === 'zh-cn' ? 'zh-CN' : 'en', key, params) }
}

/**
 * An analytics screen's range of days, picked on a calendar or typed (`YYYY-MM-DD` either side). A typed
 * range applies once the field is left or Enter is pressed on its end; one that names no day, or a period the
 * API would refuse, is refused in words beside the field, where the picker alone put the old days back
 * without a word. Loaded beside the screen rather than in it (AnalyticsPage.tsx): the figures show without
 * the date picker's code.
 */
export default function RangeField({
  start,
  end,
  onPick,
}: {
  start: string
  end: string
  onPick: (range: Range) => void
}) {
  const { t, i18n } = useTranslation()
  const box = useRef<HTMLFieldSetElement>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const value = useDayRange(start, end)
  const leaving = useViewLeaving()
  // Picked or typed, a range goes through the same rules: applied, or refused in words. Not while the screen
  // is being left: the focus let go then is no choice of a period, and applying it would move the address
  // back to the screen being left.
  const apply = (typed: [string, string]) => {
    if (leaving.current) return
    const judged = judgeRange(typed, i18n.language, (value) => t('analytics.notDay', { value }))
    setRefusal(judged.refusal ?? null)
    if (judged.range) onPick(judged.range)
  }
  const pick = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? []
    if (from && to) apply([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')])
  }
  // Read as typed, before the picker puts its days back: the inputs' own text.
  const judge = () => {
    const inputs = [...(box.current?.querySelectorAll('input') ?? [])].map((input) => input.value.trim())
    const typed: [string, string] = [inputs[0] || start, inputs[1] || end]
    if (typed[0] !== start || typed[1] !== end) apply(typed)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter on the start moves to the end (the picker's way): the range is judged once the end is given.
    const inputs = box.current?.querySelectorAll('input')
    if (event.key === 'Enter' && event.target === inputs?.[1]) judge()
  }
  const onBlur = (event: FocusEvent) => {
    // Focus moving between the two inputs, or into the calendar, is still the picking.
    const next = event.relatedTarget as Element | null
    if (next && (box.current?.contains(next) || next.closest('.ant-picker-dropdown'))) return
    judge()
  }
  return (
    <Space wrap size="small">
      {/* The two inputs and the calendar as one field, judged when focus leaves them all. */}
      <fieldset
        ref={box}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        <DatePicker.RangePicker
          aria-label={t('analytics.range')}
          value={value}
          onChange={pick}
          allowClear={false}
          status={refusal ? 'error' : undefined}
        />
      </fieldset>
      {refusal && (
        <Typography.Text type="danger" role="alert" data-testid="range-refused">
          {refusal}
        </Typography.Text>
      )}
    </Space>
  )
}
