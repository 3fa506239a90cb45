import { presets } from '@vod/contract/periods'
import { Button, Space } from 'antd'
import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import type { Period } from '../../api/analytics.ts'
import { Later } from './Later.tsx'
import type { AnalyticsView } from './view.ts'

const RangeField = lazy(() => import('./RangeField.tsx'))

/** An analytics screen's period: the presets, then a range of business days, both written to its view. */
export function PeriodPicker({
  view,
  period,
  change,
}: {
  view: AnalyticsView
  period: Period
  change: (next: Partial<AnalyticsView>) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      {/* Wraps on a phone: seven presets are wider than 390 px. */}
      <Space.Compact style={{ flexWrap: 'wrap' }} data-testid="analytics-presets">
        {presets.map((name) => (
          <Button
            key={name}
            type={view.preset === name ? 'primary' : 'default'}
            onClick={() => change({ preset: name, range: null })}
          >
            {t(`analytics.presets.${name}`)}
          </Button>
        ))}
      </Space.Compact>
      <Later height={32} width={256}>
        <RangeField
          // A preset picked starts the picker anew: what was typed into it before never stays shown.
          key={view.preset ?? 'range'}
          start={period.start_date}
          end={period.end_date}
          onPick={(range) => change({ preset: null, range })}
        />
      </Later>
    </>
  )
}
