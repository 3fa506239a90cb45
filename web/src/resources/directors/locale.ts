import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const directorsLocale = defineResourceLocale({
  title: ['Directors', '导演'],
  noun: ['director', '导演'],
})
