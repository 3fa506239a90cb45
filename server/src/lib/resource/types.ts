import type { ActionSpec } from '@vod/contract'
import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { MessageKey } from '../../i18n/index.ts'
import type { JoinSpec, ListSpec } from '../list/index.ts'

export type Table = PgTable & { id: PgColumn }
export type WireRecord = Record<string, unknown>
export type Operation = 'list' | 'show' | 'create' | 'edit' | 'delete'
/** A column or an expression of the outer query (subqueries name the outer table with `qualified`). */
export type Expression = PgColumn | SQL

/** What a resource declares about its list; the table, columns and relation filters come from the rest. */
export type ResourceListSpec = Omit<ListSpec<Record<string, Expression>>, 'table' | 'columns' | 'joins'>

/**
 * A many-to-many set written with the record (`tag_ids: [1, 2]`), through a link table. The input key is the
 * relation's name. Unknown keys are 422 on that field; the set is replaced in the record's transaction.
 */
export interface RelationSpec {
  /**
   * The link table, its column naming this record and its column naming the other one (each found from
   * the link's foreign keys unless named).
   */
  through: PgTable
  from?: PgColumn
  to?: PgColumn
  /** The other records; the wire names them by `key` (their id unless said: a permission by its name). */
  target: Table
  key?: PgColumn
  /** Which of the other records may be named; the rest count as unknown (only the catalogue's permissions). */
  targetWhere?: SQL
  /**
   * Presented as objects under another wire name (`roles: [{id, name}]`, in `orderBy` order). The keys
   * themselves are presented under the relation's name whenever the record has that field.
   */
  present?: { as: string; fields: Record<string, PgColumn>; orderBy: readonly PgColumn[] }
  /** The list filter `?<filter>=<key>`: records holding that one (an EXISTS). */
  filter?: string
  /** The 422 message for keys naming nothing (params: `ids`); `validation.unknown_ids` unless said. */
  unknown?: MessageKey
}

/** A relation with its link columns known. */
export type Relation = RelationSpec & { from: PgColumn; to: PgColumn }

/** What a write's hooks see. `operation` is create, update, delete or an action's name. */
export interface WriteContext<R = WireRecord> {
  tx: Db
  request: FastifyRequest
  operation: string
  /** Null while creating (the record has no id before its insert). */
  id: number | null
  /** The validated body (wire names); for a transition `{[field]: to}`. */
  input: Record<string, unknown>
  /** The record as it was (null on create and in `guard`, which runs before it is read and locked). */
  before: R | null
  /** The keys each relation gains by this write (all of them on create). */
  added: Record<string, readonly unknown[]>
}

export interface AfterWriteContext<R = WireRecord> extends WriteContext<R> {
  id: number
  /** The record as it is now (null after a delete). */
  after: R | null
  /** Wire fields whose value changed, relations whose set changed, and secret fields given. */
  changed: ReadonlySet<string>
}

/**
 * A resource's own rules around every write (create, update, delete and actions), all in its transaction:
 * `guard` first (take wider locks here, before the record's row lock), `check` once the record is locked and
 * read (refuse here: 403, 409, 422), `after` once it is written (invariants that roll back, side effects).
 */
export interface WriteHooks<R = WireRecord> {
  guard?(ctx: WriteContext<R>): Promise<void>
  check?(ctx: WriteContext<R>): Promise<void>
  after?(ctx: AfterWriteContext<R>): Promise<void>
}

export interface ActionContext<R = WireRecord> extends WriteContext<R> {
  id: number
  before: R
  // biome-ignore lint/suspicious/noExplicitAny: the action's own body schema types it; declarations stay short.
  body: any
}

/**
 * `POST /{path}/{id}/{name}` behind `{name}-{path}`. A transition (from the contract's `defineActions`
 * table) checks the state (409 otherwise) and sets it; `run` does the action's own work. Both run in one
 * transaction with the resource's hooks and the audit entry.
 */
export interface ActionRoute<R = WireRecord> extends Partial<ActionSpec> {
  /** The URL segment, when it is not the action's name (`resetQRCode`). */
  path?: string
  /**
   * The permission's action when it is not the action's own name: `edit` puts `POST /promotions/{id}/plans`
   * behind edit-promotions.
   */
  permission?: string
  body?: z.ZodObject
  summary?: string
  description?: string
  /** The 409 message when the record's state does not allow it; `errors.action_state` unless said. */
  refused?: MessageKey
  /** Work after the state check (the row is locked); may refuse. Returns the audit changes, if not the diff; an action whose diff is empty writes no audit entry. */
  // biome-ignore lint/suspicious/noConfusingVoidType: an action without changes of its own returns nothing.
  run?(ctx: ActionContext<R>): Promise<Record<string, unknown> | null | void>
}

interface ChildBase {
  /** One child on the wire. */
  record: z.ZodObject
  /** Expressions for record fields that are not plain columns. */
  present?: Record<string, Expression>
  list?: Partial<ResourceListSpec>
  /**
   * The permission resource of a child that has its own (`campaigns`: list-, create-, edit-, delete-
   * campaigns); otherwise reading needs list-{path} and every change edit-{path}.
   */
  resource?: string
  operations?: readonly ('list' | 'create' | 'edit' | 'delete' | 'reorder')[]
}

/** Records that belong to one parent (a channel's campaigns, a video's photos). */
export interface OwnedChild extends ChildBase {
  table: Table
  /** The child's column naming its parent; its foreign key to the parent's table unless named. */
  parent?: PgColumn
  /** Order within the parent, from 1; `reorder` rewrites it. */
  position?: PgColumn
  input?: z.ZodObject
  uniques?: Record<string, string>
  /** Check constraint name -> the wire field and message (422) a write breaking it gets, as for resources. */
  checks?: Record<string, { field: string; key: MessageKey }>
  through?: never
}

/** Existing records linked to the parent, in order (a block's videos); added with `{"ids": [...]}`. */
export interface LinkChild extends ChildBase {
  through: PgTable
  /** The link's column naming the parent, and the one naming the linked record (found as for relations). */
  parent?: PgColumn
  to?: PgColumn
  target: Table
  position?: PgColumn
  table?: never
}

export type ChildSpec = OwnedChild | LinkChild

/** All a resource declares; routes, checks, audit entries and the OpenAPI document follow from it. */
export interface ResourceSpec<R extends WireRecord = WireRecord> {
  /** The API path under /api and the resource part of its permission names (`list-tags`, ...). */
  path: string
  table: Table
  /** One record on the wire (snake_case), from the contract. Only these keys leave the server. */
  record: z.ZodObject
  /** The body of POST; PUT takes `update`, by default the same fields, each optional. */
  input: z.ZodObject
  update?: z.ZodObject
  list: ResourceListSpec
  /** Tables joined in for presented columns (a plan's name on an order). */
  joins?: readonly JoinSpec[]
  /** Record fields that are not columns of the table: joined columns, SQL expressions. */
  present?: Record<string, Expression>
  relations?: Record<string, RelationSpec>
  /**
   * Input fields stored otherwise: the column values to write for one (`password` -> its hash). Runs
   * before the transaction, and sees the whole body too (an order's total follows from the fees it gives).
   * A field given that the record does not show is audited as "[changed]".
   */
  transform?: Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: each transform takes its own field's validated value.
    (value: any, input: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>
  >
  /** A condition every record of this resource meets (others are 404 and absent from lists and exports). */
  scope?: SQL | ((request: FastifyRequest) => SQL | undefined)
  /**
   * Unique constraint name -> the wire field a duplicate is reported on (422 "has already been taken"), for
   * constraints over several columns; one-column constraints report on their column by themselves.
   */
  uniques?: Record<string, string>
  /**
   * Check constraint name -> the wire field and message (422) a write breaking it gets: rules over several
   * fields that a partial update can break against the stored values (`users_dates_check` -> end_date).
   */
  checks?: Record<string, { field: string; key: MessageKey }>
  hooks?: WriteHooks<R>
  actions?: Record<string, ActionRoute<R>>
  children?: Record<string, ChildSpec>
  /**
   * `GET /{path}/exportCsv` behind `export-{path}`: the list's rows as CSV. `columns` names record fields
   * and the import's keys, written as the import reads them (a video's `genres`: its genre tags by name).
   */
  export?: { filename: string; columns?: readonly string[] }
  /** Batch create from CSV or JSON rows at `/{path}/{import.path}` behind `batch-create-{path}`. */
  import?: ImportSpec
  /** Which record routes to offer; all five unless said. */
  operations?: readonly Operation[]
}

/**
 * Batch create. By default the rows are the input's fields at `POST /{path}/{path of the import}`; a spec
 * may place it elsewhere (`url`), take rows of another shape (`input`), and name related records by a
 * column of theirs instead of ids (`keys`: a row's `genres: "Drama|Comedy"` -> tag_ids by tag name).
 */
export interface ImportSpec {
  path: string
  maxBytes?: number
  /** The route under /api when the spec puts it elsewhere: `/files/cdn77BatchUpload`. */
  url?: string
  /** The row's shape when it is not `input`; fields named in `keys` stand for relations. */
  input?: z.ZodObject
  /** Row field -> the relation it fills and the column its values name records by (with a condition). */
  keys?: Record<string, { relation: string; key: PgColumn; where?: SQL }>
}

/** A declaration with what the tables already say filled in (defineResource's first step). */
export type Resolved = Omit<ResourceSpec, 'relations' | 'children'> & {
  relations: Record<string, Relation>
  children: Record<
    string,
    (OwnedChild & { parent: PgColumn }) | (LinkChild & { parent: PgColumn; to: PgColumn })
  >
  uniques: Record<string, string>
}
