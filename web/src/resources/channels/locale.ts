import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

const utm = {
  utm_source: ['UTM source', 'UTM 来源'],
  utm_medium: ['UTM medium', 'UTM 媒介'],
  utm_campaign: ['UTM campaign', 'UTM 活动'],
  utm_term: ['UTM term', 'UTM 关键词'],
  utm_content: ['UTM content', 'UTM 内容'],
  utm_id: ['UTM ID', 'UTM ID'],
} as const

const campaignFields = {
  ...utm,
  landing_url: ['Landing URL', '落地页'],
  started_on: ['Starts on', '开始日期'],
  ended_on: ['Ends on', '结束日期'],
  budget: ['Budget', '预算'],
} as const

export const campaignsLocale = defineResourceLocale({
  title: ['Campaigns', '推广活动'],
  noun: ['campaign', '推广活动'],
  fields: campaignFields,
})

export const channelsLocale = defineResourceLocale({
  title: ['Channels', '渠道'],
  noun: ['channel', '渠道'],
  fields: {
    ...utm,
    profit_sharing: ['Profit sharing', '分成比例'],
    disabled: ['Disabled', '已停用'],
    campaigns_count: ['Campaigns', '推广活动数'],
    admin_count: ['Admins', '管理员数'],
  },
  values: {
    type: {
      affiliate: ['Affiliate', '联盟推广'],
      advertising: ['Advertising', '广告投放'],
      social: ['Social', '社交媒体'],
      email: ['E-mail', '邮件'],
      partner: ['Partner', '合作伙伴'],
      other: ['Other', '其他'],
    },
  },
  hints: {
    profit_sharing: [
      'A percentage from 0 to 100, at most two decimal places (12.5).',
      '0 到 100 之间的百分比，最多两位小数（如 12.5）。',
    ],
  },
  confirms: {
    archive: [
      'Archive this channel? It stays in the reports; recover it to use it again.',
      '确定归档该渠道？归档后仍保留在报表中，可随时恢复。',
    ],
  },
  pickAdmin: ['Search admins', '搜索管理员'],
  children: {
    campaigns: {
      title: ['Campaigns', '推广活动'],
      addTitle: ['Add campaign', '新建推广活动'],
      fields: campaignFields,
    },
    admins: {
      title: ['Channel admins', '渠道管理员'],
      addTitle: ['Add admin', '添加管理员'],
      fields: { name: ['Name', '姓名'], added_at: ['Added', '添加时间'] },
    },
  },
})
