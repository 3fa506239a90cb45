import type { DailyFigures } from '../../api/analytics.ts'

/** A figure of the daily answers: what a chart, a table or a statistic shows. */
export type Figure = keyof Omit<DailyFigures, 'date'>

/**
 * The five money figures every money screen shows, in this order (docs/analytics.md "Definitions"; net is
 * net revenue, before fees, where a payout report's net payout is after them).
 */
export const moneyFigures = ['gross', 'fees', 'refunds', 'chargebacks', 'net'] as const

export const isMoney = (figure: Figure) => (moneyFigures as readonly string[]).includes(figure)
