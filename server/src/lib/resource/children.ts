import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { nestOf, type ParentWrites } from './child-nest.ts'
import {
  childCreateRoute,
  childDeleteRoute,
  childLinkRoute,
  childListRoute,
  childReorderRoute,
  childShowRoute,
  childUpdateRoute,
} from './child-routes.ts'
import type { Resolved } from './types.ts'

/**
 * The nested routes of one child of a resource (machinery contract, "Children"): a paged list in
 * `position` order, add, change, remove and reorder, each a route of child-routes.ts. Owned children are
 * rows of their own table naming the parent, written by write.ts as a resource scoped to it (`Owner`: their
 * relations, transforms, hooks and database rules); linked children are existing records joined through a
 * link table (links.ts), added with `{"ids": [...]}`. Every change locks the parent row first, so positions
 * stay 1..n under concurrent writes, then passes the child's `check`, and goes on the parent's audit trail.
 */
export function defineChild(
  parent: Resolved,
  name: string,
  child: Resolved['children'][string],
  parentWrites: ParentWrites,
) {
  const nest = nestOf(parent, name, child, parentWrites)
  const operations = new Set(child.operations)
  const { owned, links, positions } = nest

  async function routes(app: FastifyInstance, db: Db) {
    if (operations.has('list')) childListRoute(app, db, nest)
    if (operations.has('list') && operations.has('edit') && owned) childShowRoute(app, db, nest, owned)
    if (operations.has('create') && links) childLinkRoute(app, db, nest, links)
    if (operations.has('create') && owned && child.input) childCreateRoute(app, db, nest, owned, child.input)
    if (operations.has('edit') && child.input) childUpdateRoute(app, db, nest, child.input)
    if (operations.has('delete')) childDeleteRoute(app, db, nest)
    if (operations.has('reorder') && positions) childReorderRoute(app, db, nest, positions)
  }

  return { routes }
}
