import { type Article, articleStatuses, articleTypes } from '@vod/contract'
import type { TFunction } from 'i18next'
import { resourceClient } from '../../api/resource-client.ts'

export type ArticleRow = Article

/**
 * The table and example demos' data: the articles API (GET/POST/PUT/DELETE /api/articles), behind the
 * `*-articles` permissions like any resource. The pages are open to every admin; without `list-articles`
 * they show the 403 state (ArticlesGate), and offer only the writes the admin may make.
 */
export const articleClient = resourceClient<ArticleRow>('articles')

export const articleStatusColors = { draft: 'default', published: 'green' } as const
export const articleTypeOptions = (t: TFunction) =>
  articleTypes.map((value) => ({ value, label: t(`demos.articles.types.${value}`) }))
export const articleStatusOptions = (t: TFunction) =>
  articleStatuses.map((value) => ({ value, label: t(`demos.articles.statuses.${value}`) }))
export const importanceOptions = [1, 2, 3].map((value) => ({ value, label: '★'.repeat(value) }))
