import { type FigureName, figureRegistry, figuresOfUnit } from '@vod/contract/figures'

/** A figure of the daily answers: what a chart, a table or a statistic shows (the figure registry's names). */
export type Figure = FigureName

/**
 * The money figures every money screen shows, in the registry's order (docs/figures.md; net is net revenue,
 * before fees, where a payout report's net payout is after them).
 */
export const moneyFigures = figuresOfUnit('money')

export const isMoney = (figure: Figure) => figureRegistry[figure].unit === 'money'
export const isRatio = (figure: Figure) => figureRegistry[figure].unit === 'ratio'
