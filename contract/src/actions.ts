import { z } from 'zod'

/**
 * Declared state transitions (the machinery contract, "Actions"): `POST /api/{path}/{id}/{action}` moves a
 * record whose state is one of `from` to `to`; any other state answers 409. `field` is the state's wire name,
 * `status` unless said. Server and web read the same table: the server for the route, its permission
 * (`{action}-{path}`) and the 409; the web for the buttons a row offers.
 */
export interface ActionSpec {
  from: readonly string[]
  /**
   * The state it moves to; `{ recall: field }` moves back to the state another action kept in that record
   * field (`remember`): a ticket recovered returns to where it was archived from.
   */
  to: string | ActionRecall
  field?: string
  /** Keeps the state the record leaves in this record field, for an action that recalls it. */
  remember?: string
  /**
   * The action asks why (`{"reason": "..."}`, alone and in bulk), kept in its audit entry: a legal takedown
   * says whose claim took the video down.
   */
  reason?: true
  /** The action that puts a record back as this one found it: a bulk result offers it as the undo. */
  undo?: string
}

interface ActionRecall {
  recall: string
}

export type ActionTable = { [action: string]: ActionSpec }

export function defineActions<const T extends ActionTable>(table: T): T {
  return table
}

/** What a transition's target says, for documentation and the audit: `solved`, or `the state kept in archived_from`. */
export const targetName = (to: ActionSpec['to']): string => (typeof to === 'string' ? to : `the ${to.recall}`)

export const REASON_MAX = 500

/** The body of an action that asks why (ActionSpec.reason). */
export const actionReason = z.strictObject({ reason: z.string().trim().min(1).max(REASON_MAX) })
