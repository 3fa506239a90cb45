import { defineLocale } from '../../i18n/define-locale.ts'

const enUtm = {
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  utm_id: 'UTM ID',
}
const zhUtm = {
  utm_source: 'UTM 来源',
  utm_medium: 'UTM 媒介',
  utm_campaign: 'UTM 活动',
  utm_term: 'UTM 关键词',
  utm_content: 'UTM 内容',
  utm_id: 'UTM ID',
}
const enCampaignFields = {
  ...enUtm,
  landing_url: 'Landing URL',
  started_on: 'Starts on',
  ended_on: 'Ends on',
  budget: 'Budget',
}
const zhCampaignFields = {
  ...zhUtm,
  landing_url: '落地页',
  started_on: '开始日期',
  ended_on: '结束日期',
  budget: '预算',
}

export const channelsLocale = defineLocale({
  en: {
    title: 'Channels',
    createTitle: 'Create channel',
    editTitle: 'Edit channel',
    showTitle: 'Channel',
    fields: {
      ...enUtm,
      profit_sharing: 'Profit sharing',
      disabled: 'Disabled',
      campaigns_count: 'Campaigns',
      admin_count: 'Admins',
    },
    values: {
      type: {
        affiliate: 'Affiliate',
        advertising: 'Advertising',
        social: 'Social',
        email: 'E-mail',
        partner: 'Partner',
        other: 'Other',
      },
    },
    hints: { profit_sharing: 'A percentage from 0 to 100, at most two decimal places (12.5).' },
    confirms: { archive: 'Archive this channel? It stays in the reports; recover it to use it again.' },
    pickAdmin: 'Search admins',
    children: {
      campaigns: { title: 'Campaigns', addTitle: 'Add campaign', fields: enCampaignFields },
      admins: { title: 'Channel admins', addTitle: 'Add admin', fields: { name: 'Name', added_at: 'Added' } },
    },
  },
  'zh-cn': {
    title: '渠道',
    createTitle: '新建渠道',
    editTitle: '编辑渠道',
    showTitle: '渠道详情',
    fields: {
      ...zhUtm,
      profit_sharing: '分成比例',
      disabled: '已停用',
      campaigns_count: '推广活动数',
      admin_count: '管理员数',
    },
    values: {
      type: {
        affiliate: '联盟推广',
        advertising: '广告投放',
        social: '社交媒体',
        email: '邮件',
        partner: '合作伙伴',
        other: '其他',
      },
    },
    hints: { profit_sharing: '0 到 100 之间的百分比，最多两位小数（如 12.5）。' },
    confirms: { archive: '确定归档该渠道？归档后仍保留在报表中，可随时恢复。' },
    pickAdmin: '搜索管理员',
    children: {
      campaigns: { title: '推广活动', addTitle: '新建推广活动', fields: zhCampaignFields },
      admins: { title: '渠道管理员', addTitle: '添加管理员', fields: { name: '姓名', added_at: '添加时间' } },
    },
  },
})

export const campaignsLocale = defineLocale({
  en: {
    title: 'Campaigns',
    createTitle: 'Create campaign',
    editTitle: 'Edit campaign',
    fields: enCampaignFields,
  },
  'zh-cn': {
    title: '推广活动',
    createTitle: '新建推广活动',
    editTitle: '编辑推广活动',
    fields: zhCampaignFields,
  },
})
