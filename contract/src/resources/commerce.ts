/**
 * Plans, promotions, deals, subscriptions, orders and payout reports (spec section 3): the states, units,
 * providers and lengths that the database, the input rules and the forms share.
 */

/** The units a plan's periods are counted in. */
export const periodUnits = ['day', 'week', 'month', 'year'] as const
export type PeriodUnit = (typeof periodUnits)[number]

/** The four card providers a plan carries an external id for, and an order's payment method. */
export const paymentProviders = ['segpay', 'ccbill', 'epoch', 'verotel'] as const
export type PaymentProvider = (typeof paymentProviders)[number]

export const planLimits = { name: 100, title: 200, externalId: 100, periodCount: 1000 } as const

export const promotionStatuses = ['enabled', 'disabled'] as const
export const promotionLimits = { name: 100, code: 50 } as const

export const dealStatuses = ['enabled', 'disabled'] as const
export const dealLimits = { name: 100 } as const

export const subscriptionStatuses = ['active', 'cancelled', 'expired'] as const

export const orderLimits = { orderNo: 40, transactionNumber: 100 } as const

export const payoutReportLimits = { reference: 100, note: 1000 } as const
/** ISO 4217 codes the payout reports are paid in. */
export const payoutCurrencies = ['USD', 'EUR', 'GBP', 'CNY', 'JPY'] as const
