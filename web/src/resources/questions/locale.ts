import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const questionsLocale = defineResourceLocale({
  title: ['FAQ', '常见问题'],
  noun: ['question', '问题'],
  keyword: ['Question or answer', '问题或回答'],
  fields: { question: ['Question', '问题'], answer: ['Answer', '回答'] },
  hints: { sort: ['Lower numbers come first on the FAQ page.', '数字越小，在常见问题页越靠前。'] },
})
