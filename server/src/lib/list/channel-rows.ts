import type { SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * A scope that keeps to a set of channels (auth/channel-scope.ts): the column naming a row's channel, and a
 * statement selecting the caller's channels, one column. A read by a keyword takes it into its index reads,
 * a channel at a time, on an index led by that column (db/schema, list-indexes.test.ts), so it reads the
 * caller's channels' rows alone: its cost, and so its time, tell nothing of other channels' rows.
 */
export interface ChannelRows {
  column: PgColumn
  channels: SQL
}

const known = new WeakMap<SQL, ChannelRows>()

/** Marks a scope's condition as keeping to these channels' rows; answers the condition. */
export function keepsToChannels(where: SQL, rows: ChannelRows): SQL {
  known.set(where, rows)
  return where
}

/** The channels a scope's condition keeps to, when it is a channel scope and nothing else. */
export const channelRowsOf = (where: SQL | undefined): ChannelRows | undefined =>
  where === undefined ? undefined : known.get(where)

const scopes = new WeakMap<object, PgColumn>()

/**
 * Notes that a resource's scope (a function of the request) keeps to the channels of `column`: its list's
 * keyword columns are indexed a channel at a time (list-indexes.test.ts holds the migrations to it).
 */
export function byChannel<T extends object>(scope: T, column: PgColumn): T {
  scopes.set(scope, column)
  return scope
}

/** The column a resource's scope keeps to the channels of, if it is a channel scope. */
export const scopeChannel = (scope: unknown): PgColumn | undefined =>
  typeof scope === 'function' ? scopes.get(scope) : undefined
