import { defineLocale } from '../../i18n/define-locale.ts'

export const sitesLocale = defineLocale({
  en: {
    title: 'Sites',
    createTitle: 'Create site',
    editTitle: 'Edit site',
    showTitle: 'Site',
    fields: {
      id: 'ID',
      name: 'Name',
      domain: 'Domain',
      status: 'Status',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    statuses: { enabled: 'Enabled', disabled: 'Disabled' },
    domainRule: 'Enter a domain name such as example.com, without http:// or a path.',
  },
  'zh-cn': {
    title: '站点',
    createTitle: '新建站点',
    editTitle: '编辑站点',
    showTitle: '站点详情',
    fields: {
      id: 'ID',
      name: '名称',
      domain: '域名',
      status: '状态',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    statuses: { enabled: '启用', disabled: '停用' },
    domainRule: '请输入域名，例如 example.com，不含 http:// 或路径。',
  },
})
