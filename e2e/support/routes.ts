import { asAdmin, type Product } from './product.ts'

export interface AppRoute {
  path: string
  meta?: { resource?: string; public?: boolean }
  page?: unknown
  children?: AppRoute[]
}

// The web app's own route table and resources, loaded by vitest as they are. Named through a variable so the
// root typecheck (no JSX, no DOM) does not follow them into the screens; the shape used is AppRoute above.
const web = '../../web/src'
const { publicRoutes }: { publicRoutes: AppRoute[] } = await import(`${web}/app/public-routes.ts`)
const { shellRoutes }: { shellRoutes: AppRoute[] } = await import(`${web}/app/shell-routes.ts`)
const { resources }: { resources: { name: string; api?: string }[] } = await import(
  `${web}/resources/index.ts`
)

/** Every routed screen of the table (public and shell), so a new resource is checked without a word here. */
function screens(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [...(route.page ? [route] : []), ...screens(route.children ?? [])])
}

// The one wildcard route only re-enters another path (a tab's Refresh); it has no screen of its own.
export const routed = screens([...publicRoutes, ...shellRoutes]).filter((route) => !route.path.includes('*'))

/** The `:id` demo screens (open to every admin, so no resource of their own) and the API of their records. */
const demoRecordApis: Record<string, string> = { '/example/edit/:id': 'articles' }

/** Parameters naming a parent record (a channel's campaigns: `:channelId`) and the API listing such parents. */
const parentApis: Record<string, string> = { channelId: 'channels' }

/** The newest record an API lists (demo data has them all). */
async function newestId(product: Product, api: string, where: string): Promise<number> {
  const body = await asAdmin<{ data: { id: number }[] }>(product, `/api/${api}?per_page=1`)
  const id = body.data[0]?.id
  if (id === undefined) throw new Error(`${where}: no ${api} record to show`)
  return id
}

/** The route's path with a parent record for each parent parameter, and the same substitution for its API. */
async function withParents(product: Product, route: AppRoute): Promise<(text: string) => string> {
  const ids: [string, number][] = []
  for (const [name, api] of Object.entries(parentApis))
    if (route.path.includes(`:${name}`)) ids.push([name, await newestId(product, api, route.path)])
  return (text) => ids.reduce((filled, [name, id]) => filled.replace(`:${name}`, String(id)), text)
}

/** A record of the route's resource for its `:id` screens (under the parents `fill` names). */
async function recordId(product: Product, route: AppRoute, fill: (text: string) => string): Promise<number> {
  const resource = resources.find((r) => r.name === route.meta?.resource)
  const api = resource ? (resource.api ?? resource.name) : demoRecordApis[route.path]
  if (!api) throw new Error(`${route.path}: an :id route without a resource`)
  return newestId(product, fill(api), route.path)
}

/** The in-app path that opens the route on demo data: its parameters filled with the newest records. */
export async function openablePath(product: Product, route: AppRoute): Promise<string> {
  const fill = await withParents(product, route)
  return route.path.includes(':id')
    ? fill(route.path).replace(':id', String(await recordId(product, route, fill)))
    : fill(route.path)
}
