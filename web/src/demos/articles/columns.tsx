import { type TableColumnType, Tag } from 'antd'
import type { TFunction } from 'i18next'
import { formatDateTime } from '../../components/resource/format.ts'
import { type ArticleRow, articleStatusColors } from './articles.ts'

export type ArticleColumnKey =
  | 'id'
  | 'title'
  | 'author'
  | 'type'
  | 'importance'
  | 'status'
  | 'display_time'
  | 'pageviews'

export const articleColumnKeys: ArticleColumnKey[] = [
  'id',
  'title',
  'author',
  'type',
  'importance',
  'status',
  'display_time',
  'pageviews',
]

/** An article's field as the demo tables show it: labels for codes, stars for importance, local time. */
export function articleCell(key: ArticleColumnKey, row: ArticleRow, t: TFunction) {
  switch (key) {
    case 'type':
      return t(`demos.articles.types.${row.type}`)
    case 'importance':
      return (
        <span role="img" aria-label={String(row.importance)}>
          {'★'.repeat(row.importance)}
        </span>
      )
    case 'status':
      return <Tag color={articleStatusColors[row.status]}>{t(`demos.articles.statuses.${row.status}`)}</Tag>
    case 'display_time':
      return formatDateTime(row.display_time)
    default:
      return row[key]
  }
}

/** The same as text, for a file. */
export function articleText(key: ArticleColumnKey, row: ArticleRow, t: TFunction): string | number {
  if (key === 'importance') return row.importance
  if (key === 'status') return t(`demos.articles.statuses.${row.status}`)
  const cell = articleCell(key, row, t)
  return typeof cell === 'string' || typeof cell === 'number' ? cell : ''
}

export const articleColumn = (key: ArticleColumnKey, t: TFunction): TableColumnType<ArticleRow> => ({
  key,
  dataIndex: key,
  title: t(`demos.articles.fields.${key}`),
  render: (_: unknown, row: ArticleRow) => articleCell(key, row, t),
})
