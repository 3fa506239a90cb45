import type {
  ActionSpec,
  ChildOperation,
  ListContract,
  PermissionName,
  ResourceContract,
} from '@vod/contract'
import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { MessageKey } from '../../i18n/index.ts'
import type { JoinSpec, KeywordColumn, LateralJoin, ListSpec } from '../list/index.ts'

export type Table = PgTable & { id: PgColumn }
export type WireRecord = Record<string, unknown>
type Operation = 'list' | 'show' | 'create' | 'edit' | 'delete'
/** A column or an expression of the outer query (subqueries name the outer table with `qualified`). */
export type Expression = PgColumn | SQL

/** What a field of a view is: a column, a relation's keys (a JSON array of scalars), or anything else. */
export type FieldKind = 'column' | 'keys' | 'other'

/** A list as the machinery runs it; contract-list.ts derives it from the contract and the declaration. */
export type ResourceListSpec = Omit<
  ListSpec<Record<string, Expression>>,
  'table' | 'columns' | 'joins' | 'lateral'
>

/**
 * What the server adds to the contract's list: only what the record's columns do not say. Sorts, filters
 * and ranges named by the contract read the record field's column unless an expression is given here; a
 * filter may instead be a condition of its own (`where`, such as an EXISTS).
 */
export interface ListDeclaration {
  sortable?: Record<string, Expression>
  filters?: Record<
    string,
    { column: Expression; where?: never } | { where: (value: never) => SQL; column?: never }
  >
  ranges?: Record<string, Expression>
  /** The columns `keyword` searches (the contract says that it does; see ListSpec.keyword). */
  keyword?: KeywordColumn[]
  countCap?: number
}

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

interface ActionContext<R = WireRecord> extends WriteContext<R> {
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
  /**
   * What the action answers a caller who may not read the resource (no list-{path}): the record's id and
   * these fields (its state field unless said), never the rest of the record.
   */
  answers?: readonly string[]
  /** The 409 message when the record's state does not allow it; `errors.action_state` unless said. */
  refused?: MessageKey
  /** Work after the state check (the row is locked); may refuse. Returns the audit changes, if not the diff; an action whose diff is empty writes no audit entry. */
  // biome-ignore lint/suspicious/noConfusingVoidType: an action without changes of its own returns nothing.
  run?(ctx: ActionContext<R>): Promise<Record<string, unknown> | null | void>
}

/** The server's part of a child the contract declares (its record, input, order and operations are there). */
interface ChildBase {
  /** Expressions for record fields that are not plain columns. */
  present?: Record<string, Expression>
  list?: ListDeclaration
  /**
   * Refuses a change to the parent's children (add, update, remove, reorder), in its transaction after the
   * parent's row lock: the parent's own rules about who may change it (admins: no takeover of a stronger one).
   */
  check?: (ctx: { tx: Db; request: FastifyRequest; id: number }) => Promise<void>
}

/**
 * Records that belong to one parent (a channel's campaigns, a video's photos), written as a resource is
 * (write.ts): relations, transforms, hooks and the database's rules mean what they mean there.
 */
interface OwnedChild
  extends ChildBase,
    Pick<ResourceSpec, 'relations' | 'transform' | 'hooks' | 'uniques' | 'checks'> {
  table: Table
  /** The child's column naming its parent; its foreign key to the parent's table unless named. */
  parent?: PgColumn
  /** Order within the parent, from 1; `reorder` rewrites it. */
  position?: PgColumn
  through?: never
}

/**
 * Existing records linked to the parent, in order (a block's videos); added with `{"ids": [...]}`. The
 * contract's input, when it gives one, names columns of the link, changed by PUT (`name` on a block's video).
 */
export interface LinkChild extends ChildBase {
  /**
   * The linked records the caller sees (the linked resource's scope: an admin's allocated members, the
   * channel admin's members): others are left out of the list, and naming one to link, change or unlink is 404.
   */
  scope?: (request: FastifyRequest) => SQL | undefined
  through: PgTable
  /** The link's column naming the parent, and the one naming the linked record (found as for relations). */
  parent?: PgColumn
  to?: PgColumn
  target: Table
  position?: PgColumn
  table?: never
}

type ChildSpec = OwnedChild | LinkChild

/**
 * What the server adds to a resource's contract (contract/src/resource.ts, which names its path, record,
 * bodies, list query, transitions, children, export and import): where the record is stored and read from,
 * and the rules and work around its writes. Routes, checks, audit entries and the OpenAPI document follow.
 */
export interface ResourceSpec<R extends WireRecord = WireRecord> {
  contract: ResourceContract
  table: Table
  list?: ListDeclaration
  /** Tables joined in for presented columns (a plan's name on an order). */
  joins?: readonly JoinSpec[]
  /** Fields read for each record in one go (an order's refunds and chargebacks from its events). */
  lateral?: readonly LateralJoin[]
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
  /** The rows of each of the contract's `views` (`reports`: the comments members reported). */
  views?: Record<string, SQL>
  /**
   * Fields presented otherwise for some callers (the audit trail's changes under their field rules): a
   * short key naming what differs, and the expressions in place of the record's. Read through the same
   * narrowed view as field rules (field-access.ts), made once per key.
   */
  presentFor?: (request: FastifyRequest) => { key: string; present: Record<string, Expression> } | undefined
  /** A condition every record of this resource meets (others are 404 and absent from lists and exports). */
  scope?: SQL | ((request: FastifyRequest) => SQL | undefined)
  /**
   * `authenticated`: every route is open to any logged-in admin instead of `<action>-<path>`; who sees which
   * rows is then the `scope`'s, and who may change them the hooks' (an admin's own saved views).
   */
  access?: 'authenticated'
  /** Column values (by the table's keys) a create takes from its caller, never from the body: a view's owner. */
  stamp?: (request: FastifyRequest) => Record<string, unknown>
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
  /** The work, messages and documentation of the contract's transitions, and actions of the server's own. */
  actions?: Record<string, ActionRoute<R>>
  children?: Record<string, ChildSpec>
  /**
   * The CSV export's columns: record fields and the import's keys, written as the import reads them (a
   * video's `genres`: its genre tags by name). The record's fields unless said.
   */
  export?: { columns?: readonly string[] }
  /** How the batch create names related records, and its size cap. */
  import?: Pick<ImportSpec, 'maxBytes' | 'keys'>
  /** Entries of other records that a record's history shows too (history.ts): a member's refunds. */
  historyAlso?: readonly HistoryAlso[]
}

/**
 * Audit entries of another resource's records that belong in a record's history (`GET /{path}/{id}/history`):
 * the refunds and chargebacks of a member's orders, the tickets solved for the member. Shown to a caller
 * holding `permission`, the one that shows the same on those records' own pages.
 */
export interface HistoryAlso {
  resource: string
  actions: readonly string[]
  permission: PermissionName
  /** A select of the ids of those records that are the record's (and in the caller's reach). */
  records: (request: FastifyRequest, id: number) => SQL
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

/** A child with what its contract and the tables say filled in. */
export type ResolvedChild = (
  | (OwnedChild & { parent: PgColumn; relations: Record<string, Relation>; uniques: Record<string, string> })
  | (LinkChild & { parent: PgColumn; to: PgColumn })
) & {
  record: z.ZodObject
  input?: z.ZodObject
  /** The list the contract declares (an ordered child's `position` by default). */
  listContract: ListContract
  /** The permission resource of a child that has its own (`campaigns`); otherwise the parent's. */
  resource?: string
  /** A linked child's resource (`users`): its fields read under that resource's field rules. */
  links?: string
  operations: readonly ChildOperation[]
}

/** A declaration with what its contract and the tables already say filled in (defineResource's first step). */
export type Resolved = Omit<ResourceSpec, 'relations' | 'children' | 'export' | 'import' | 'list'> & {
  path: string
  record: z.ZodObject
  input: z.ZodObject
  update?: z.ZodObject
  operations: readonly Operation[]
  list: ListDeclaration
  relations: Record<string, Relation>
  children: Record<string, ResolvedChild>
  uniques: Record<string, string>
  actions: Record<string, ActionRoute>
  export?: { filename: string; columns?: readonly string[] }
  import?: ImportSpec
}
