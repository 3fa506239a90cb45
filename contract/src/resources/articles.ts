/**
 * The articles behind the template's example and table demo pages (spec section 2, hidden demo routes):
 * a small real resource, so that the demos page, sort, filter and edit through the API.
 */
export const articleStatuses = ['draft', 'published'] as const
export type ArticleStatus = (typeof articleStatuses)[number]

/** The regions the template's complex table filters by. */
export const articleTypes = ['cn', 'us', 'jp', 'eu'] as const
export type ArticleType = (typeof articleTypes)[number]

export const articleLimits = {
  title: 200,
  author: 100,
  summary: 500,
  content: 200_000,
  importance: 3,
} as const
