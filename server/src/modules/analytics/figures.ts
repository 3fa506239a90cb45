import type { Figures } from '@vod/contract'
import { cents, fromCents } from '../../lib/money.ts'
import { countColumns, moneyColumns, type Sums } from './sums.ts'

/** A period's figures with nothing in it. */
export const emptySums = (): Sums => ({
  orders: 0,
  refund_count: 0,
  chargeback_count: 0,
  signups: 0,
  subscriptions: 0,
  cancellations: 0,
  visits: 0,
  gross: '0.00',
  fees: '0.00',
  refunds: '0.00',
  chargebacks: '0.00',
})

/**
 * Sums added up one after another (a series' days, a day's quarter-hours), money kept in integer cents
 * until read, rather than parsed and written again at every addition.
 */
export function runningTotal() {
  const counts = Object.fromEntries(countColumns.map((column) => [column, 0])) as Record<
    (typeof countColumns)[number],
    number
  >
  const money = Object.fromEntries(moneyColumns.map((column) => [column, 0n])) as Record<
    (typeof moneyColumns)[number],
    bigint
  >
  return {
    add(sums: Sums) {
      for (const column of countColumns) counts[column] += sums[column]
      for (const column of moneyColumns) money[column] += cents(sums[column])
    },
    sums(): Sums {
      const written = Object.fromEntries(moneyColumns.map((column) => [column, fromCents(money[column])]))
      return { ...counts, ...written } as Sums
    },
  }
}

/** signups / visitors to four places, rounded half up, exactly (integers only); null without visitors. */
export function conversion(signups: number, visitors: number): string | null {
  if (visitors === 0) return null
  const scaled = (BigInt(signups) * 20000n + BigInt(visitors)) / (2n * BigInt(visitors))
  const whole = scaled / 10000n
  return `${whole}.${(scaled % 10000n).toString().padStart(4, '0')}`
}

/** The wire's figures (README "Analytics": definitions) from the rollups' sums and the visitor count. */
export function toFigures(sums: Sums, visitors: number): Figures {
  return {
    visits: sums.visits,
    visitors,
    signups: sums.signups,
    new_subscriptions: sums.subscriptions,
    cancellations: sums.cancellations,
    orders: sums.orders,
    gross: sums.gross,
    fees: sums.fees,
    refund_count: sums.refund_count,
    refunds: sums.refunds,
    chargeback_count: sums.chargeback_count,
    chargebacks: sums.chargebacks,
    net: netOf(sums),
    conversion: conversion(sums.signups, visitors),
  }
}

export const netOf = (sums: Pick<Sums, 'gross' | 'refunds' | 'chargebacks'>) =>
  fromCents(cents(sums.gross) - cents(sums.refunds) - cents(sums.chargebacks))
