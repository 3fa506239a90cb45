import { z } from 'zod'
import type { FigureLanguage } from './figures.ts'

/**
 * A field as the screens name it, in both languages side by side, English first: `['Serial number', '编号']`.
 * Declared here, once, because two sides read it: the web's forms, lists and pages (its resource strings take
 * them in) and the server's CSV exports, whose header row is the screen's labels in the language the
 * download asks for (`lang`).
 */
export type FieldLabel = readonly [en: string, zhCn: string]
export type FieldLabels = Readonly<Record<string, FieldLabel>>

/** Labels of the fields many resources share; a resource's own (its contract's `labels`) come first. */
export const sharedFieldLabels = {
  id: ['ID', 'ID'],
  name: ['Name', '名称'],
  title: ['Title', '标题'],
  type: ['Type', '类型'],
  status: ['Status', '状态'],
  sort: ['Order', '排序'],
  position: ['Order', '顺序'],
  description: ['Description', '描述'],
  note: ['Note', '备注'],
  reason: ['Reason', '原因'],
  email: ['E-mail', '邮箱'],
  phone: ['Phone', '电话'],
  username: ['Username', '用户名'],
  cover: ['Cover', '封面'],
  image: ['Image', '图片'],
  link: ['Link', '链接'],
  code: ['Code', '代码'],
  price: ['Price', '价格'],
  amount: ['Amount', '金额'],
  currency: ['Currency', '币种'],
  started_at: ['Starts', '开始时间'],
  ended_at: ['Ends', '结束时间'],
  published_at: ['Published', '发布时间'],
  created_at: ['Created', '创建时间'],
  updated_at: ['Updated', '更新时间'],
  expired_at: ['Expires', '过期时间'],
  expired: ['Expired', '已过期'],
  plan_id: ['Plan', '套餐'],
  plan_name: ['Plan', '套餐'],
  user_id: ['Member', '会员'],
  channel_id: ['Channel', '渠道'],
  channel_name: ['Channel', '渠道'],
  campaign_id: ['Campaign', '推广活动'],
  campaign_name: ['Campaign', '推广活动'],
  tag_id: ['Tag', '标签'],
  category_id: ['Tag category', '标签分类'],
  category_name: ['Tag category', '标签分类'],
} as const satisfies FieldLabels

/** The day column of the daily figures (the analytics tables and their CSVs). */
export const dateLabel: FieldLabel = ['Date', '日期']

/** One language's half of some labels: `{ serial_number: '编号', ... }`, as the web's strings hold them. */
export const labelsIn = (labels: FieldLabels, language: FigureLanguage): Record<string, string> =>
  Object.fromEntries(Object.entries(labels).map(([field, label]) => [field, wordsIn(label, language)]))

/** A label's words in a language. */
export const wordsIn = (label: FieldLabel, language: FigureLanguage): string =>
  language === 'en' ? label[0] : label[1]

/**
 * A field's label in a language as the screens show it: the resource's own, else the shared one, else its
 * wire name with spaces (the web's fallback too, components/resource/labels.ts).
 */
export function fieldLabel(field: string, language: FigureLanguage, own: FieldLabels = {}): string {
  const label = labelOf(field, own)
  return label ? wordsIn(label, language) : field.replaceAll('_', ' ')
}

/** A field's label, its resource's own or the shared one; undefined for a field the screens do not name. */
export const labelOf = (field: string, own: FieldLabels = {}): FieldLabel | undefined =>
  own[field] ?? (sharedFieldLabels as FieldLabels)[field]

/**
 * `lang` of a CSV export: the header row as the screens label the columns in that language (the web sends
 * its own); without it, the fields' wire names, for scripts and the batch imports, which read those.
 */
export const csvLanguage = z
  .enum(['en', 'zh-cn'])
  .optional()
  .meta({ description: "The header row as the screens' labels in this language; wire names without it." })
