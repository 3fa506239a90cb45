import { defineLocale } from '../../i18n/define-locale.ts'

export const ipwhitelistsLocale = defineLocale({
  en: {
    title: 'IP whitelist',
    createTitle: 'Add to the IP whitelist',
    editTitle: 'Edit IP whitelist entry',
    fields: { address: 'IP address or range' },
    hints: {
      address: 'One address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32).',
    },
  },
  'zh-cn': {
    title: 'IP 白名单',
    createTitle: '添加 IP 白名单',
    editTitle: '编辑 IP 白名单',
    fields: { address: 'IP 地址或网段' },
    hints: { address: '单个地址（203.0.113.7、2001:db8::1）或 CIDR 网段（203.0.113.0/24、2001:db8::/32）。' },
  },
})
