import { orderFieldLabels } from '@vod/contract/resources/orders'
import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const ordersLocale = defineResourceLocale({
  title: ['Orders', '订单'],
  noun: ['order', '订单'],
  editTitle: ['Correct order', '修正订单'],
  keyword: ['Start of order or transaction no.', '订单号或交易号的开头'],
  // The contract's, which its CSV's header also reads.
  fields: orderFieldLabels,
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
  refundsNote: [
    'Refunds and chargebacks in the totals are those of the orders listed, whenever they happened; the analytics count them on the day they happened.',
    '合计中的退款与拒付是所列订单的，无论发生在哪天；数据分析按其发生当天计算。',
  ],
  refundsByDay: ['Revenue of these days, refunds by when they happened →', '这些天的收入（退款按发生日计）→'],
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
