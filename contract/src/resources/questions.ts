import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId } from '../values.ts'

/** FAQ entries of the member site (spec section 3 "Question"), shown in `sort` order. */
export const questionLimits = { question: 300, answer: 5000 } as const

const questionInput = z.object({
  question: z.string().trim().min(1).max(questionLimits.question),
  answer: z.string().trim().min(1).max(questionLimits.answer),
  sort: z.number().int().min(0).max(100_000).default(0),
})

const questionRecord = z
  .object({
    id: recordId,
    question: z.string(),
    answer: z.string().max(questionLimits.answer),
    sort: z.number().int(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Question' })

export const questionsContract = defineContract({
  path: 'questions',
  record: questionRecord,
  input: questionInput,
  label: 'question',
  list: {
    sortable: ['id', 'question', 'sort', 'created_at', 'updated_at'],
    defaultSort: 'sort',
    ranges: { created_at: true },
    keyword: true,
  },
})
