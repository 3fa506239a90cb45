import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const sitesLocale = defineResourceLocale({
  title: ['Sites', '站点'],
  noun: ['site', '站点'],
  fields: { domain: ['Domain', '域名'] },
  hints: {
    domain: [
      'A domain name such as example.com, without http:// or a path.',
      '域名，例如 example.com，不含 http:// 或路径。',
    ],
  },
})
