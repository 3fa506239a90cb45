/**
 * Declared state transitions (the machinery contract, "Actions"): `POST /api/{path}/{id}/{action}` moves a
 * record whose state is one of `from` to `to`; any other state answers 409. `field` is the state's wire name,
 * `status` unless said. Server and web read the same table: the server for the route, its permission
 * (`{action}-{path}`) and the 409; the web for the buttons a row offers.
 */
export interface ActionSpec {
  from: readonly string[]
  to: string
  field?: string
}

export type ActionTable = { [action: string]: ActionSpec }

export function defineActions<const T extends ActionTable>(table: T): T {
  return table
}
