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
 * A count or money as people read it: money with its currency, counts as numbers. `signed`: a change, a gain
 * with its plus ("+3", "USD +2.50") as a loss has its minus.
 */
export function useUnitFormat() {
  const { i18n } = useTranslation()
  return useCallback(
    (unit: 'count' | 'money', value: unknown, signed = false): string => {
      if (value === null || value === undefined) return '-'
      if (unit === 'money') return formatMoney(String(value), i18n.language, signed)
      const plus = signed && isAboveZero(String(value)) ? '+' : ''
      return `${plus}${formatCount(Number(value), i18n.language)}`
    },
    [i18n.language],
  )
}

/**
 * A figure's value as people read it: money with its currency, counts as numbers, conversion as a percentage.
 * On its own, apart from the charts and tables (FiguresChart.tsx), so the figures show without their code.
 * `signed`: a change of a count or money.
 */
export function useFigureFormat() {
  const unitFormat = useUnitFormat()
  return useCallback(
    (figure: Figure, value: unknown, signed = false): string => {
      if (value === null || value === undefined) return '-'
      if (isRatio(figure)) return `${(Number(value) * 100).toFixed(2)}%`
      return unitFormat(isMoney(figure) ? 'money' : 'count', value, signed)
    },
    [unitFormat],
  )
}
