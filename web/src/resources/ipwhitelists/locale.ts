import { defineLocale } from '../../i18n/define-locale.ts'

export const ipwhitelistsLocale = defineLocale({
  en: {
    title: 'IP whitelist',
    createTitle: 'Add to the IP whitelist',
    editTitle: 'Edit IP whitelist entry',
    fields: {
      id: 'ID',
      address: 'IP address or range',
      note: 'Note',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    addressHelp: 'One address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32).',
    addressRule: 'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8.',
    hostBits: 'The range has bits set past its prefix; write it as {{network}}.',
  },
  'zh-cn': {
    title: 'IP 白名单',
    createTitle: '添加 IP 白名单',
    editTitle: '编辑 IP 白名单',
    fields: {
      id: 'ID',
      address: 'IP 地址或网段',
      note: '备注',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    addressHelp: '单个地址（203.0.113.7、2001:db8::1）或 CIDR 网段（203.0.113.0/24、2001:db8::/32）。',
    addressRule: '请输入 IPv4 或 IPv6 地址，或 CIDR 网段，例如 10.0.0.0/8。',
    hostBits: '该网段在前缀之后还有非零位，应写作 {{network}}。',
  },
})
