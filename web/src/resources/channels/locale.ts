import { defineLocale } from '../../i18n/define-locale.ts'

const enUtm = {
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
  utmTerm: 'UTM term',
  utmContent: 'UTM content',
  utmId: 'UTM ID',
}
const zhUtm = {
  utmSource: 'UTM 来源',
  utmMedium: 'UTM 媒介',
  utmCampaign: 'UTM 活动',
  utmTerm: 'UTM 关键词',
  utmContent: 'UTM 内容',
  utmId: 'UTM ID',
}
const enCampaignFields = {
  id: 'ID',
  name: 'Name',
  ...enUtm,
  landingUrl: 'Landing URL',
  startedOn: 'Starts on',
  endedOn: 'Ends on',
  budget: 'Budget',
  position: 'Order',
  createdAt: 'Created',
  updatedAt: 'Updated',
}
const zhCampaignFields = {
  id: 'ID',
  name: '名称',
  ...zhUtm,
  landingUrl: '落地页',
  startedOn: '开始日期',
  endedOn: '结束日期',
  budget: '预算',
  position: '顺序',
  createdAt: '创建时间',
  updatedAt: '更新时间',
}

export const channelsLocale = defineLocale({
  en: {
    title: 'Channels',
    createTitle: 'Create channel',
    editTitle: 'Edit channel',
    showTitle: 'Channel',
    fields: {
      id: 'ID',
      ...enUtm,
      type: 'Type',
      profitSharing: 'Profit sharing',
      disabled: 'Disabled',
      status: 'Status',
      campaignsCount: 'Campaigns',
      adminCount: 'Admins',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    types: {
      affiliate: 'Affiliate',
      advertising: 'Advertising',
      social: 'Social',
      email: 'E-mail',
      partner: 'Partner',
      other: 'Other',
    },
    statuses: { active: 'Active', archived: 'Archived' },
    actions: { archive: 'Archive', recover: 'Recover' },
    confirms: { archive: 'Archive this channel? It stays in the reports; recover it to use it again.' },
    percentRule: 'A percentage from 0 to 100, at most two decimal places (12.5).',
    pickAdmin: 'Search admins',
    children: {
      campaigns: { title: 'Campaigns', addTitle: 'Add campaign', fields: enCampaignFields },
      admins: {
        title: 'Channel admins',
        addTitle: 'Add admin',
        fields: { id: 'ID', username: 'Username', name: 'Name', addedAt: 'Added' },
      },
    },
  },
  'zh-cn': {
    title: '渠道',
    createTitle: '新建渠道',
    editTitle: '编辑渠道',
    showTitle: '渠道详情',
    fields: {
      id: 'ID',
      ...zhUtm,
      type: '类型',
      profitSharing: '分成比例',
      disabled: '已停用',
      status: '状态',
      campaignsCount: '推广活动数',
      adminCount: '管理员数',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    types: {
      affiliate: '联盟推广',
      advertising: '广告投放',
      social: '社交媒体',
      email: '邮件',
      partner: '合作伙伴',
      other: '其他',
    },
    statuses: { active: '正常', archived: '已归档' },
    actions: { archive: '归档', recover: '恢复' },
    confirms: { archive: '确定归档该渠道？归档后仍保留在报表中，可随时恢复。' },
    percentRule: '0 到 100 之间的百分比，最多两位小数（如 12.5）。',
    pickAdmin: '搜索管理员',
    children: {
      campaigns: { title: '推广活动', addTitle: '新建推广活动', fields: zhCampaignFields },
      admins: {
        title: '渠道管理员',
        addTitle: '添加管理员',
        fields: { id: 'ID', username: '用户名', name: '姓名', addedAt: '添加时间' },
      },
    },
  },
})

export const campaignsLocale = defineLocale({
  en: {
    title: 'Campaigns',
    createTitle: 'Create campaign',
    editTitle: 'Edit campaign',
    fields: enCampaignFields,
    urlRule: 'An http:// or https:// address.',
    endRule: 'The end date cannot be before the start date.',
    budgetRule: 'An amount such as 1000.00, never negative.',
  },
  'zh-cn': {
    title: '推广活动',
    createTitle: '新建推广活动',
    editTitle: '编辑推广活动',
    fields: zhCampaignFields,
    urlRule: '必须是 http:// 或 https:// 开头的网址。',
    endRule: '结束日期不能早于开始日期。',
    budgetRule: '金额，例如 1000.00，不能为负数。',
  },
})
