import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * Under the orders' totals: their refunds and chargebacks are those of the orders listed, whenever they
 * happened, where the analytics count them on the day they happened; for a period of payment days, the same
 * days' revenue by when the money went back is one click away (the channel's where one channel is picked),
 * so a month reconciles either way.
 */
export function RefundsNote({ filters }: { filters: Readonly<Record<string, string>> }) {
  const { t } = useTranslation()
  const start = filters.paid_at_from?.slice(0, 10)
  const end = filters.paid_at_to?.slice(0, 10)
  const channel = filters.channel_id
  const period = start && end ? `start_date=${start}&end_date=${end}` : ''
  const target = channel
    ? `/analytics/daily/channel?channel=${channel}${period ? `&${period}` : ''}`
    : `/analytics/daily/revenue${period ? `?${period}` : ''}`
  return (
    <Typography.Paragraph
      type="secondary"
      data-testid="orders-refunds-note"
      style={{ marginTop: 12, marginBottom: 0 }}
    >
      {t('orders.refundsNote')}{' '}
      {/* Underlined: a link in a line of text is told from it by more than its colour. */}
      <Link to={target} style={{ textDecoration: 'underline' }}>
        {t('orders.refundsByDay')}
      </Link>
    </Typography.Paragraph>
  )
}
