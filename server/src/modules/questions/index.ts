import { questionsContract } from '@vod/contract'
import { questions } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** The member site's FAQ (spec section 7: full CRUD on /questions), in `sort` order. */
export const questionsModule = defineResource({
  contract: questionsContract,
  table: questions,
  list: { keyword: [questions.question, questions.answer] },
})
