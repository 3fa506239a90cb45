import type { ResourceContract } from '@vod/contract/resource'
import type { TFunction } from 'i18next'
import type { ComponentType, ReactNode } from 'react'
import type { z } from 'zod'
import type { RouteAction } from '../../base/route-types.ts'
import type { Locale, Messages } from '../../i18n/define-locale.ts'

/**
 * Strings every resource folder provides: its titles, and labels of the fields whose names the shared ones
 * (`resource.fields.*`: id, name, status, created_at...) do not cover, by wire name.
 */
interface ResourceMessages extends Messages {
  /**
   * Menu, list and breadcrumb title: 'Tags'. Each other screen's title (`createTitle`, `editTitle`,
   * `showTitle`, `batchCreateTitle`) is needed with that screen; the i18n test checks them all. Those of
   * create, edit and show are made from its `noun`, one record as they name it ('tag', '标签'), where the
   * resource gives none of its own (resource-locale.ts).
   */
  title: string
}

export type Screen = () => Promise<{ default: ComponentType }>

/** A menu group several resources share (`/permissions`: admins, roles, audit logs). */
export interface ResourceGroup {
  /** Path prefix and i18n key at once: `permissions` -> `/permissions/...`, `t('permissions.title')`. */
  name: string
  icon: ComponentType
  locale: Locale<{ title: string }>
}

/** What a resource's contract is on the web: a top-level resource's, or a child's routed as its own. */
export type WebContract = Pick<ResourceContract, 'record' | 'input' | 'update' | 'label' | 'operations'> &
  Partial<Pick<ResourceContract, 'list' | 'actions' | 'export' | 'import' | 'children'>> & { path: string }

type Fields<C extends WebContract> = keyof z.infer<C['record']> & string

/**
 * A column of a list, or an item of a detail screen: a record field (its kind decides how it shows), or one
 * with a width, a sort or a rendering of its own (a plan's period: its count and unit together).
 */
type ColumnSpec<F extends string = string> =
  | F
  | { field: F; width?: number; sortable?: boolean; render?: (record: never, t: TFunction) => ReactNode }

/** What a resource's list shows, when not every field its record and contract give. */
interface ListDeclaration<F extends string = string> {
  /** The columns in order; by default every record field a list can show (fields.ts). */
  columns?: readonly ColumnSpec<F>[]
  /** Columns out of sight until the admin picks them in the column picker (a wide list's less used ones). */
  hidden?: readonly string[]
  /**
   * Columns shown on a wide screen only (1200 px and more): a narrower one leaves them out, so the columns
   * the job needs stay in view beside the actions (a comment's id, likes and time at 800 px).
   */
  wide?: readonly string[]
  /**
   * The key columns a phone (under 576 px) shows, the job's own (an order's number, member, amount and time):
   * the others wait for a wider screen, so these fit the width with the row's actions under them.
   */
  phone?: readonly string[]
  /** The filter inputs in order (the contract's filter and range names); by default all of them. */
  filters?: readonly string[]
  /** Actions of the contract's table that ask first: the ones that cannot be taken back. */
  confirm?: readonly string[]
  /** How an enum filter's values are named, where the resource's strings do not say (the audit trail's resources). */
  optionLabel?: (field: string, value: string, t: TFunction) => string
  /** What the totals row counts and how, said under it, for the list's filters (an order's refunds). */
  totalsNote?: (filters: Readonly<Record<string, string>>) => ReactNode
}

interface ShowDeclaration<F extends string = string> {
  /** The fields in order; by default every record field (fields.ts). */
  items?: readonly ColumnSpec<F>[]
  /**
   * Lists of other resources that hold this record, opened filtered to it (a member's orders and
   * subscriptions: `{ resource: 'orders', filter: 'user_id' }`), offered with that list's permission;
   * `listed` also lists the newest of them below the record, each linked to its page (a member's tickets).
   */
  related?: readonly { resource: string; filter: string; listed?: boolean }[]
}

interface FormDeclaration {
  /** The input fields in order; by default all of them. */
  fields?: readonly string[]
  /** Values a new record starts with besides the contract's defaults. */
  initialValues?: Record<string, unknown>
  /** The form's largest width in pixels (560 unless a field needs room). */
  maxWidth?: number
  /**
   * Choice fields no two records share a value of (an information page of each type): the form offers only
   * the values no other record has.
   */
  oneEach?: readonly string[]
}

interface ImportDeclaration {
  /** The template's example row, where a field's kind gives no good example (a title, a tag's name). */
  examples?: Record<string, string>
}

export interface ResourceDefinition<C extends WebContract = WebContract> {
  contract: C
  /**
   * The permission resource and the i18n key (`tags` -> list-tags, `tags.*`); the contract's path unless
   * said (a child routed as its own: `campaigns`).
   */
  name: string
  /** The API path under /api; the contract's path. `:param`s are the screen's route params (`channels/:channelId/campaigns`). */
  api: string
  icon: ComponentType
  locale: Locale<ResourceMessages>
  /** The screens by route action: `true` is the shared one, or the resource's own, each loaded when first visited. */
  screens: Partial<Record<RouteAction, Screen | true>>
  /** The menu group the resource sits in; its routes then live under `/{group}/{name}`. */
  group?: ResourceGroup
  /** Where the routes live; `/{name}` (or `/{group}/{name}`) unless the spec puts them elsewhere. */
  base?: string
  /** Route paths under `base` where the spec differs from the usual ones (e.g. edit `:id/edit`). */
  paths?: Partial<Record<RouteAction, string>>
  /**
   * A narrower list of the same records (one of the contract's `views`: `reports` lists from
   * `/comments/reports`), routed as a list of its own under the resource's name, permissions and strings;
   * its title is `{name}.views.{view}`. Its rows act on the resource (`/comments/{id}/ban`).
   */
  view?: string
  /** Routed and granted as usual, but not in the menu (spec section 2's hidden lists: /plans/subscriptions). */
  hidden?: boolean
  /**
   * The field that names a record on screen where the contract's label is a code staff do not read (a plan's
   * `title` over its `name`, `yearly`); where a record leaves it empty, the label names it (format.ts).
   */
  shownLabel?: string
  list?: ListDeclaration<Fields<C>>
  show?: ShowDeclaration<Fields<C>>
  form?: FormDeclaration
  import?: ImportDeclaration
  /** The columns of the child lists (the contract's children), where not every field. */
  children?: Record<string, { columns?: readonly ColumnSpec[] }>
}
