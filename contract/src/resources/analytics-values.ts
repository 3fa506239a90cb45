/**
 * What the analytics' tables and answers share (docs/analytics.md): the kinds of an order's money events,
 * the devices of a visit, and the limits of a period asked for.
 */

/** Money going back from an order: a refund staff grant, a chargeback the card's bank imposes. */
export const orderEventKinds = ['refund', 'chargeback'] as const
export type OrderEventKind = (typeof orderEventKinds)[number]

/** The member site's visitors' devices. */
export const visitDevices = ['desktop', 'mobile', 'tablet'] as const

export const orderEventLimits = { reason: 500 } as const
export const visitLimits = { visitor: 64 } as const

/** A period asked for spans at most this many days (three years), both ends included. */
export const ANALYTICS_MAX_DAYS = 3 * 366
