import { pgTable, text } from 'drizzle-orm/pg-core'

/** Small key/value settings the processes sharing one database must agree on (e.g. the token secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
