import { STORE_CURRENCY } from '@vod/contract/values'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMoney } from './format.ts'

const cell = { padding: '4px 12px' } as const
const number = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const
const head = { ...cell, textAlign: 'left', fontWeight: 'normal' } as const

/** One amount of a breakdown: its key (`breakdown-{key}` for tests), its label, its money value. */
export interface MoneyLine {
  key: string
  label: string
  value: string
}

/**
 * An amount, each part taken from it and what is left, one under another as a sum is written, in the
 * store's currency: `amount − fee − fee = total` (an order's fees). Labels are the caller's, translated.
 */
export function MoneyBreakdown({
  title,
  testId,
  from,
  less,
  total,
}: {
  title: string
  testId: string
  from: MoneyLine
  less: readonly MoneyLine[]
  total: MoneyLine
}) {
  const { i18n } = useTranslation()
  const money = (value: string) => formatMoney(value, i18n.language)
  return (
    <Card title={`${title} (${STORE_CURRENCY})`} size="small" style={{ marginTop: 16, maxWidth: 480 }}>
      <table data-testid={testId} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <th style={head}>{from.label}</th>
            <td style={number} data-testid={`breakdown-${from.key}`}>
              {money(from.value)}
            </td>
          </tr>
          {less.map((line) => (
            <tr key={line.key}>
              <th style={head}>− {line.label}</th>
              <td style={number} data-testid={`breakdown-${line.key}`}>
                − {money(line.value)}
              </td>
            </tr>
          ))}
          <tr style={{ borderTop: '2px solid currentColor' }}>
            <th style={{ ...cell, textAlign: 'left' }}>= {total.label}</th>
            <td style={{ ...number, fontWeight: 600 }} data-testid={`breakdown-${total.key}`}>
              {money(total.value)}
            </td>
          </tr>
        </tbody>
      </table>
    </Card>
  )
}
