import { defineLocale } from '../../i18n/define-locale.ts'

export const segpayPayoutReportsLocale = defineLocale({
  en: {
    title: 'Segpay payouts',
    createTitle: 'Record payout report',
    editTitle: 'Edit payout report',
    showTitle: 'Payout report',
    fields: {
      reference: 'Reference',
      period_start: 'Period start',
      period_end: 'Period end',
      gross: 'Gross',
      fees: 'Fees',
      refunds: 'Refunds',
      chargebacks: 'Chargebacks',
      net: 'Net payout',
      paid_on: 'Paid on',
    },
    hints: {
      net: "Net payout: gross less fees, refunds and chargebacks, to the cent (analytics' net revenue does not take off the fees).",
    },
  },
  'zh-cn': {
    title: 'Segpay 结算',
    createTitle: '录入结算报告',
    editTitle: '编辑结算报告',
    showTitle: '结算报告',
    fields: {
      reference: '参考号',
      period_start: '周期开始',
      period_end: '周期结束',
      gross: '总额',
      fees: '手续费',
      refunds: '退款',
      chargebacks: '拒付',
      net: '结算净额',
      paid_on: '付款日期',
    },
    hints: { net: '结算净额：总额减去手续费、退款和拒付，精确到分（数据分析的净收入不扣手续费）。' },
  },
})
