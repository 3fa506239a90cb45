import { definePairs } from '../../i18n/define-locale.ts'

/** The strings of scheduled changes: the record's card, the form, the Scheduled screen and the notices. */
export const scheduledLocale = definePairs({
  title: ['Scheduled', '定时变更'],
  card: ['Scheduled changes', '定时变更'],
  schedule: ['Schedule', '定时'],
  change: ['Change', '修改'],
  cancel: ['Cancel it', '取消定时'],
  cancelConfirm: ['Cancel this scheduled change?', '确定取消这条定时变更？'],
  cancelled: ['Cancelled', '已取消'],
  saved: ['Scheduled', '已安排'],
  none: ['Nothing scheduled', '没有定时变更'],
  pending: ['Pending', '待执行'],
  past: ['Past', '已结束'],
  action: ['Change', '变更'],
  when: ['At (business time)', '时间（业务时区）'],
  whenHint: ['Entered in {{zone}}', '按 {{zone}} 填写'],
  yourTime: ['Your time: {{time}}', '你的时间：{{time}}'],
  reason: ['Reason', '原因'],
  record: ['Record', '记录'],
  result: ['Result', '结果'],
  by: ['Scheduled by', '安排人'],
  late: ['Ran late', '延迟执行'],
  state: ['State', '状态'],
  actions: {
    publish: ['Publish', '发布'],
    take_down: ['Take down', '下架'],
  },
  states: {
    pending: ['Pending', '待执行'],
    done: ['Done', '已完成'],
    failed: ['Failed', '失败'],
    cancelled: ['Cancelled', '已取消'],
  },
  notices: {
    title: ['Scheduled changes that ran', '已执行的定时变更'],
    seen: ['Got it', '知道了'],
    undo: ['Undo', '撤销'],
    undone: ['Undone', '已撤销'],
  },
})
