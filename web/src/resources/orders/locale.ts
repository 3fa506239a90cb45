import { type FigureName, figureRegistry } from '@vod/contract/figures'
import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

/** A money figure named as the registry names it (contract/src/figures.ts), the same on every screen. */
const registry = (name: FigureName): [string, string] => {
  const { label } = figureRegistry[name]
  return [label.en, label['zh-cn']]
}

export const ordersLocale = defineResourceLocale({
  title: ['Orders', '订单'],
  noun: ['order', '订单'],
  editTitle: ['Correct order', '修正订单'],
  keyword: ['Start of order or transaction no.', '订单号或交易号的开头'],
  fields: {
    order_no: ['Order no.', '订单号'],
    username: ['Member', '会员'],
    payment_method: ['Payment method', '支付方式'],
    transaction_number: ['Transaction no.', '交易号'],
    paid_at: ['Paid at', '支付时间'],
    transaction_fee: ['Transaction fee', '交易手续费'],
    settlement_fee: ['Settlement fee', '结算手续费'],
    reserve_fee: ['Reserve fee', '保证金'],
    total_amount: ['Total', '实收'],
    fees: registry('fees'),
    refunded: registry('refunds'),
    charged_back: registry('chargebacks'),
    net: registry('net'),
    refund_count: registry('refund_count'),
    chargeback_count: registry('chargeback_count'),
    // What a refund or chargeback recorded (the audit trail's changes).
    refund: ['Refund', '退款'],
    chargeback: ['Chargeback', '拒付'],
    events: ['Refunds and chargebacks', '退款与拒付'],
  },
  values: {
    payment_method: {
      segpay: ['Segpay', 'Segpay'],
      ccbill: ['CCBill', 'CCBill'],
      epoch: ['Epoch', 'Epoch'],
      verotel: ['Verotel', 'Verotel'],
    },
  },
  hints: {
    net: [
      'Net revenue as analytics defines it: the amount less refunds and chargebacks; fees shown beside it, not taken off.',
      '净收入，与数据分析的定义一致：金额减去退款和拒付；手续费单列，不从中扣除。',
    ],
    reserve_fee: [
      'The total is recomputed on saving: the amount less the three fees, which may not exceed it.',
      '保存时重新计算实收：金额减去三项手续费，手续费之和不能超过金额。',
    ],
  },
  breakdown: ['Amount and fees', '金额与手续费'],
  moneyBack: ['Refunds and chargebacks', '退款与拒付'],
  left: ['Left to give back', '剩余可退'],
  kinds: { refund: ['Refund', '退款'], chargeback: ['Chargeback', '拒付'] },
  kind: ['Kind', '类型'],
  when: ['When', '时间'],
  reason: ['Reason', '原因'],
  by: ['Recorded by', '记录人'],
  record: ['Record', '记录'],
  amountRule: [
    'An amount such as 19.99, at most what is left of the order.',
    '金额如 19.99，不超过订单剩余金额。',
  ],
})
