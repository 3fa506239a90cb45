import { differenceOf, netPayout, type PayoutReport, segpayPayoutReportsContract } from '@vod/contract'
import { segpayPayoutReports as reports } from '../../db/schema/index.ts'
import { type FieldError, refuseFields } from '../../lib/errors.ts'
import { cents, fromCents } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/**
 * Segpay payout reports (docs/resources.md "Orders and payouts"): what Segpay paid out for a period. Checked
 * on the record as it will be (a PUT may send one field): the net is the gross less fees, refunds and
 * chargebacks to the cent (422 on net, naming the expected net), the period does not end before it starts
 * (422 on period_end); a reference already used is 422 on reference (its unique index).
 */
export const payoutReportsResource = defineResource<PayoutReport>({
  contract: segpayPayoutReportsContract,
  table: reports,
  list: {
    keyword: [reports.reference, reports.note],
  },
  checks: {
    segpay_payout_reports_period_check: { field: 'period_end', key: 'validation.end_before_start' },
    segpay_payout_reports_net_check: { field: 'net', key: 'payouts.net_mismatch' },
  },
  hooks: {
    async check({ operation, before, input }) {
      if (operation !== 'create' && operation !== 'update') return
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
      const report = { ...before, ...given } as Record<string, unknown>
      const errors: Record<string, FieldError[]> = {}
      const start = report.period_start as string | undefined
      const end = report.period_end as string | undefined
      if (start && end && end < start) errors.period_end = [{ key: 'validation.end_before_start' }]
      if (report.gross !== undefined && report.net !== undefined) {
        // The net payout (the figure registry's netPayout): fees taken off, unlike the analytics' net revenue.
        const expectedNetPayout = differenceOf(netPayout.difference, (part) =>
          cents(String(report[part] ?? '0')),
        )
        if (expectedNetPayout !== cents(String(report[netPayout.column])))
          errors.net = [{ key: 'payouts.net_mismatch', params: { expected: fromCents(expectedNetPayout) } }]
      }
      refuseFields(errors)
    },
  },
})
