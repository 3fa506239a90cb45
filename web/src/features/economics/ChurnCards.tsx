import { Card, Col, Row, Statistic, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { percent, useMoney } from './format.ts'
import type { Churn } from './queries.ts'

/**
 * The last month of the period: its member and revenue churn rates, ARPU and LTV, the months LTV rests on
 * said under it. MRR's figures are left out for a role that may not read them.
 */
export function ChurnCards({ answer, mrrShown }: { answer: Churn; mrrShown: boolean }) {
  const { t } = useTranslation()
  const money = useMoney()
  const month = answer.data.at(-1)
  if (!month) return null
  const cards = [
    { key: 'churn_rate', value: percent(month.churn_rate) },
    ...(mrrShown
      ? [
          { key: 'revenue_churn_rate', value: percent(month.revenue_churn_rate) },
          { key: 'arpu', value: money(month.arpu) },
          { key: 'ltv', value: money(month.ltv) },
        ]
      : []),
  ]
  const months = month.ltv_months.join(', ')
  return (
    <Card title={t('economics.churnCards', { month: month.month })} data-testid="churn-cards">
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} md={6}>
            <Statistic title={t(`economics.figures.${card.key}`)} value={card.value} />
          </Col>
        ))}
      </Row>
      {mrrShown && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {month.ltv === null ? t('economics.noLtv', { months }) : t('economics.ltvMonths', { months })}
        </Typography.Paragraph>
      )}
    </Card>
  )
}
