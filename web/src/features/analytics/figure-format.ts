import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { type Figure, isMoney, isRatio } from './figures.ts'
import { formatMoney, isAboveZero } from './money.ts'

const counts = new Map<string, Intl.NumberFormat>()

/** Counts as the language writes them (one formatter a language: making one costs more than using it). */
function formatCount(value: number, language: string): string {
  let format = counts.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language)
    counts.set(language, format)
  }
  return format.format(value)
}

/**
 * A figure's value as people read it: money with its currency, counts as numbers, conversion as a percentage.
 * On its own, apart from the charts and tables (FiguresChart.tsx), so the figures show without their code.
 * `signed`: a change of a count or money, a gain with its plus ("+3", "USD +2.50") as a loss has its minus.
 */
export function useFigureFormat() {
  const { i18n } = useTranslation()
  return useCallback(
    (figure: Figure, value: unknown, signed = false): string => {
      if (value === null || value === undefined) return '-'
      if (isMoney(figure)) return formatMoney(String(value), i18n.language, signed)
      if (isRatio(figure)) return `${(Number(value) * 100).toFixed(2)}%`
      const plus = signed && isAboveZero(String(value)) ? '+' : ''
      return `${plus}${formatCount(Number(value), i18n.language)}`
    },
    [i18n.language],
  )
}
