import { Card, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFigureFormat } from './figure-format.ts'
import { type Figure, isMoney } from './figures.ts'
import { useShownFigures } from './shown-figures.ts'

/** A figure as a number to compare: money in cents, exactly as written; counts and conversion as they are. */
const amountOf = (figure: Figure, value: unknown) =>
  isMoney(figure) ? Math.round(Number(value ?? 0) * 100) : Number(value ?? 0)

/** The change from `previous` to `current` as a share of `previous` (0.123 = +12.3%); null when it was zero. */
function changeOf(figure: Figure, current: unknown, previous: unknown): number | null {
  const before = amountOf(figure, previous)
  if (before === 0 || Number.isNaN(before)) return null
  return (amountOf(figure, current) - before) / Math.abs(before)
}

const changeFormats = new Map<string, Intl.NumberFormat>()

/** A change as a signed percentage to one place ("+12.3%", "-4.0%", "0.0%"). */
function formatChange(change: number, language: string) {
  const locale = language === 'zh-cn' ? 'zh-CN' : 'en-US'
  let format = changeFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    })
    changeFormats.set(locale, format)
  }
  return format.format(change)
}

/** What a change is against, as the screen says it: the period before, or the same time yesterday. */
export type Against = 'previousPeriod' | 'yesterday'

/**
 * A figure, and under it its change against what it is compared with, as a percentage and that value
 * (`figure-{name}` and `figure-{name}-change` for tests and people alike).
 */
function FigureStatistic({
  figure,
  title,
  current,
  previous,
  against,
  value,
}: {
  figure: Figure
  title: string
  current: unknown
  previous: unknown
  against: Against
  /** What is shown (a count-up of `current`, say); `current` unless given. */
  value?: unknown
}) {
  const { t, i18n } = useTranslation()
  const format = useFigureFormat()
  const change = previous === undefined ? undefined : changeOf(figure, current, previous)
  const before = format(figure, previous)
  return (
    <div data-testid={`figure-${figure}`} style={{ minWidth: 0 }}>
      <Statistic title={title} value={format(figure, value ?? current)} />
      {change !== undefined && (
        <Typography.Text type="secondary" data-testid={`figure-${figure}-change`} style={{ fontSize: 12 }}>
          {change === null
            ? t(`analytics.change.${against}None`, { value: before })
            : t(`analytics.change.${against}`, {
                change: formatChange(change, i18n.language),
                value: before,
              })}
        </Typography.Text>
      )}
    </div>
  )
}

/** Figures side by side, wrapping on narrow screens, each with its change. */
export function FigureStatistics({
  figures,
  current,
  previous,
  against,
  title,
  testId = 'figures',
}: {
  figures: Figure[]
  current: Partial<Record<Figure, unknown>>
  previous?: Partial<Record<Figure, unknown>>
  against: Against
  title?: string
  testId?: string
}) {
  const { t } = useTranslation()
  const shown = useShownFigures()
  return (
    <Card title={title} data-testid={testId}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 16,
        }}
      >
        {shown(figures).map((figure) => (
          <FigureStatistic
            key={figure}
            figure={figure}
            title={t(`analytics.figures.${figure}`)}
            current={current[figure]}
            previous={previous?.[figure]}
            against={against}
          />
        ))}
      </div>
    </Card>
  )
}
