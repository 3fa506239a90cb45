import { type SavedViewColumn, savedViewDensities, savedViewLimits, savedViewSharing } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core'
import { admins, roles } from './auth.ts'
import { timestamps } from './columns.ts'

/**
 * A list's state kept by name (contract/src/resources/saved-views.ts): its URL query as the list writes it,
 * the columns it hides, and who else sees it. The owner is the admin who saved it; its views go with it.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: savedViewLimits.name }).notNull(),
    list: varchar('list', { length: 100 }).notNull(),
    query: varchar('query', { length: savedViewLimits.query }).notNull(),
    columns: jsonb('columns').$type<SavedViewColumn[]>().notNull().default([]),
    density: text('density', { enum: savedViewDensities }).notNull().default('default'),
    shared: text('shared', { enum: savedViewSharing }).notNull(),
    ownerAdminId: integer('owner_admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    check('saved_views_shared_check', sql`${t.shared} in ('everyone', 'roles', 'private')`),
    check('saved_views_density_check', sql`${t.density} in ('default', 'compact')`),
    index('saved_views_owner_admin_id_index').on(t.ownerAdminId),
    index('saved_views_list_index').on(t.list, t.name),
  ],
)

/** A table of views by role: a view's row and a role's, gone with either. */
const viewsByRole = (name: string) =>
  pgTable(
    name,
    {
      savedViewId: integer('saved_view_id')
        .notNull()
        .references(() => savedViews.id, { onDelete: 'cascade' }),
      roleId: integer('role_id')
        .notNull()
        .references(() => roles.id, { onDelete: 'cascade' }),
    },
    (t) => [primaryKey({ columns: [t.savedViewId, t.roleId] }), index(`${name}_role_id_index`).on(t.roleId)],
  )

/** The roles a view shared with roles is shown to. */
export const savedViewRoles = viewsByRole('saved_view_roles')

/**
 * The roles a view shared with them opens for by default (a role's default view of the list). One per role
 * and list: the module's check refuses a second (the list is the view's, so no key of this table says it).
 */
export const savedViewDefaults = viewsByRole('saved_view_defaults')
