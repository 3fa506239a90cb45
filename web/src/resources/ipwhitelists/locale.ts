import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const ipwhitelistsLocale = defineResourceLocale({
  title: ['IP whitelist', 'IP 白名单'],
  noun: ['IP whitelist entry', 'IP 白名单'],
  createTitle: ['Add to the IP whitelist', '添加 IP 白名单'],
  fields: { address: ['IP address or range', 'IP 地址或网段'] },
  hints: {
    address: [
      'One address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32).',
      '单个地址（203.0.113.7、2001:db8::1）或 CIDR 网段（203.0.113.0/24、2001:db8::/32）。',
    ],
  },
})
