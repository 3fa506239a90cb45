import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const sourcesLocale = defineResourceLocale({
  title: ['Sources', '来源'],
  noun: ['source', '来源'],
  fields: { genre_id: ['Genre', '题材'], genre_name: ['Genre', '题材'] },
})
