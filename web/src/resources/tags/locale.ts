import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const tagsLocale = defineResourceLocale({
  title: ['Tags', '标签'],
  noun: ['tag', '标签'],
  values: { type: { genre: ['Genre', '题材'], model: ['Model', '模特'], studio: ['Studio', '工作室'] } },
})
