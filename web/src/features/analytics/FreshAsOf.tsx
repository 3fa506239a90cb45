import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** Figures older than this say how old they are. */
const STALE_MS = 10_000

/** hh:mm:ss of an instant, on the reader's clock. */
const clockTime = (at: Date) =>
  [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')

/**
 * "Figures as of hh:mm:ss" when the oldest of a screen's answers (their `fresh_as_of`, the newest commit
 * their figures include) is more than 10 s old; nothing while they are current.
 */
export function FreshAsOf({ answers }: { answers: ({ fresh_as_of: string | null } | undefined)[] }) {
  const { t } = useTranslation()
  const times = answers.flatMap((answer) => (answer?.fresh_as_of ? [Date.parse(answer.fresh_as_of)] : []))
  if (times.length === 0) return null
  const oldest = Math.min(...times)
  if (Date.now() - oldest <= STALE_MS) return null
  return (
    <Typography.Text type="warning" data-testid="fresh-as-of">
      {t('analytics.freshAsOf', { time: clockTime(new Date(oldest)) })}
    </Typography.Text>
  )
}
