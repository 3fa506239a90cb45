import { QuestionOutlined } from '@ant-design/icons'
import { questionsContract } from '@vod/contract/resources/questions'
import { defineResource } from '../../components/resource/define-resource.ts'
import { questionsGroup } from '../groups.ts'
import { questionsLocale } from './locale.ts'

/** The FAQ: /questions, create, {id}, {id}/edit (spec section 2). */
export const questions = defineResource({
  contract: questionsContract,
  group: questionsGroup,
  base: '/questions',
  icon: QuestionOutlined,
  locale: questionsLocale,
  paths: { edit: ':id/edit' },
  screens: { list: true, create: true, show: true, edit: true },
  list: { columns: ['id', 'question', 'sort', 'updated_at'] },
})
