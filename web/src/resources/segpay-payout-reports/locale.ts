import { netPayout } from '@vod/contract/figures'
import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const segpayPayoutReportsLocale = defineResourceLocale({
  title: ['Segpay payouts', 'Segpay 结算'],
  noun: ['payout report', '结算报告'],
  createTitle: ['Record payout report', '录入结算报告'],
  fields: {
    reference: ['Reference', '参考号'],
    period_start: ['Period start', '周期开始'],
    period_end: ['Period end', '周期结束'],
    gross: ['Gross', '总额'],
    fees: ['Fees', '手续费'],
    refunds: ['Refunds', '退款'],
    chargebacks: ['Chargebacks', '拒付'],
    // The net payout of the figure registry (contract/src/figures.ts): not the analytics' net revenue.
    net: [netPayout.label.en, netPayout.label['zh-cn']],
    paid_on: ['Paid on', '付款日期'],
  },
  hints: {
    net: [
      "Net payout: gross less fees, refunds and chargebacks, to the cent (analytics' net revenue does not take off the fees).",
      '结算净额：总额减去手续费、退款和拒付，精确到分（数据分析的净收入不扣手续费）。',
    ],
  },
})
