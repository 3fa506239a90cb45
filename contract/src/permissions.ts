/**
 * The whole permission catalogue, `<action>-<resource>` (API.md). The server seeds it and checks every
 * route against one of these names; the client matches them to routes (spec section 6).
 * Resources are named as in their API path; analytics use the word `daily`.
 */
export const permissionCatalogue = {
  admins: ['list', 'create', 'edit', 'delete', 'enable', 'disable', 'reset-qrcode'],
  roles: ['list', 'create', 'edit', 'delete', 'assign'],
  'audit-logs': ['list'],
  dashboard: ['view'],
  videos: ['list', 'create', 'edit', 'delete', 'publish', 'unpublish', 'export', 'batch-create'],
  blocks: ['list', 'create', 'edit', 'delete'],
  banners: ['list', 'create', 'edit', 'delete'],
  advertisements: ['list', 'edit'],
  informations: ['list', 'create', 'edit'],
  posts: ['list', 'create', 'edit', 'delete', 'publish', 'unpublish'],
  tags: ['list', 'create', 'edit', 'delete'],
  'tag-categories': ['list', 'create', 'edit', 'delete'],
  directors: ['list', 'create', 'edit', 'delete'],
  sources: ['list', 'create', 'edit', 'delete'],
  seos: ['list', 'create', 'edit', 'delete'],
  questions: ['list', 'create', 'edit', 'delete'],
  supports: ['list', 'delete', 'solve', 'archive', 'recover', 'reply'],
  cooperations: ['list', 'delete', 'solve', 'archive'],
  comments: ['list', 'delete', 'enable', 'disable', 'ban', 'reject-report'],
  users: [
    'list',
    'edit',
    'enable',
    'disable',
    'batch-create',
    'send-email-verification',
    'send-reset-password',
    'history',
  ],
  plans: ['list', 'create', 'edit', 'export'],
  promotions: ['list', 'create', 'edit', 'delete'],
  deals: ['list', 'create', 'edit', 'delete'],
  subscriptions: ['list'],
  orders: ['list', 'edit', 'export', 'refund', 'chargeback', 'history'],
  // `all-channels`: sees every channel's records and figures; without it, only the channels it administers.
  channels: ['list', 'create', 'edit', 'delete', 'archive', 'recover', 'all'],
  campaigns: ['list', 'create', 'edit', 'delete'],
  ipwhitelists: ['list', 'create', 'edit', 'delete'],
  'segpay-payout-reports': ['list', 'create', 'edit', 'delete'],
  sites: ['list', 'create', 'edit', 'delete'],
  articles: ['list', 'create', 'edit', 'delete'],
  photos: ['list'],
  files: ['upload'],
  'daily-revenue': ['list', 'export'],
  'daily-channel': ['list', 'export'],
  'daily-campaign': ['list'],
  'daily-data': ['list'],
  'daily-subscriber-source': ['list'],
  'daily-refund-statistics': ['list'],
} as const satisfies Record<string, readonly string[]>

type PermissionResource = keyof typeof permissionCatalogue

type NamesOf<R extends PermissionResource> = R extends PermissionResource
  ? `${(typeof permissionCatalogue)[R][number]}-${R}`
  : never

/** Every permission name the product knows, as a string literal union. */
export type PermissionName = NamesOf<PermissionResource>

export interface PermissionEntry {
  name: PermissionName
  group: PermissionResource
  action: string
}

export const permissionEntries: readonly PermissionEntry[] = Object.entries(permissionCatalogue).flatMap(
  ([group, actions]) =>
    actions.map((action) => ({
      name: `${action}-${group}` as PermissionName,
      group: group as PermissionResource,
      action,
    })),
)

export const permissionNames: readonly PermissionName[] = permissionEntries.map((p) => p.name)

const known = new Set<string>(permissionNames)
const entryByName = new Map<string, PermissionEntry>(permissionEntries.map((entry) => [entry.name, entry]))
export function isPermissionName(name: string): name is PermissionName {
  return known.has(name)
}

/**
 * What an admin's roles give, as the server grants it: an export is a list, so `export-<resource>` counts
 * only together with `list-<resource>` (it never shows more than the list would).
 */
export function effectivePermissions<T extends string>(held: readonly T[]): T[] {
  const set = new Set<string>(held)
  return held.filter((name) => !name.startsWith('export-') || set.has(`list-${name.slice('export-'.length)}`))
}

/**
 * Who reads a record's history (`GET /{path}/{id}/history`) and restores from it: `history-{path}` where the
 * catalogue has it (members, orders: read apart from the record's edit), else whoever may edit the record.
 */
export function historyPermissionOf(path: string): string {
  const own = `history-${path}`
  return known.has(own) ? own : `edit-${path}`
}

/** The role seeded on first start that holds every permission. */
export const SUPER_ADMIN_ROLE = 'super-admin'

/**
 * What a permission's screens read of other resources, so that a role given the permission can do the job:
 * a deal's form picks its plan (`list-plans`), a channel's page adds admins (`list-admins`), the orders list
 * filters by member (`list-users`). The role editor shows these beside the permission and ticks them with it;
 * a picker the admin may not read says so. Every reference a contract's form or list filter names, and every
 * linked child added through a picker, is here (contract/test/permission-needs.test.ts); screens' own pickers
 * are added by hand.
 */
export const permissionNeeds: Partial<Record<PermissionName, readonly PermissionName[]>> = {
  'create-admins': ['list-roles'],
  // An admin's page allocates members through a picker.
  'edit-admins': ['list-roles', 'list-users'],
  'list-admins': ['list-roles'],
  'assign-roles': ['list-admins'],
  'list-audit-logs': ['list-admins'],
  'list-photos': ['list-videos'],
  'create-videos': ['list-sources', 'list-tags', 'list-directors', 'upload-files'],
  'edit-videos': ['list-sources', 'list-tags', 'list-directors', 'upload-files'],
  'list-videos': ['list-tags', 'list-tag-categories', 'list-directors', 'list-sources'],
  'create-tags': ['list-tag-categories'],
  'edit-tags': ['list-tag-categories'],
  'list-tags': ['list-tag-categories'],
  'create-sources': ['list-tags'],
  'edit-sources': ['list-tags'],
  'list-sources': ['list-tags', 'list-tag-categories'],
  'create-seos': ['list-tags'],
  'edit-seos': ['list-tags'],
  'list-seos': ['list-tags'],
  'edit-users': ['list-plans', 'upload-files'],
  'create-posts': ['upload-files'],
  'edit-posts': ['upload-files'],
  'create-articles': ['upload-files'],
  'edit-articles': ['upload-files'],
  'list-users': ['list-plans'],
  'create-promotions': ['list-plans'],
  'edit-promotions': ['list-plans'],
  'list-promotions': ['list-plans'],
  'create-deals': ['list-plans'],
  'edit-deals': ['list-plans'],
  'list-deals': ['list-plans'],
  'list-subscriptions': ['list-plans', 'list-channels', 'list-users'],
  'list-orders': ['list-users', 'list-plans', 'list-channels'],
  'export-orders': ['list-orders'],
  'edit-channels': ['list-admins'],
  'create-blocks': ['list-advertisements', 'upload-files'],
  // A block's page adds videos through a picker.
  'edit-blocks': ['list-advertisements', 'upload-files', 'list-videos'],
  'list-blocks': ['list-advertisements'],
  'create-banners': ['upload-files'],
  'edit-banners': ['upload-files'],
  'edit-advertisements': ['upload-files'],
  'create-informations': ['upload-files'],
  'edit-informations': ['upload-files'],
  // Moderation judges the words: the comments list's member filter is offered only to who may list members
  // (permissionNeedsWaived), so a moderator's role does not pull in member records.
  'list-comments': ['list-videos'],
}

/**
 * Pickers a permission's screens offer without needing them: the screen leaves such a filter out for an admin
 * who may not read its records (contract/test/permission-needs.test.ts takes these as covered).
 */
export const permissionNeedsWaived: Partial<Record<PermissionName, readonly PermissionName[]>> = {
  'list-comments': ['list-users'],
  // A member's tickets are reached from the member's page; the member filter is for who may list members.
  'list-supports': ['list-users'],
  // A member's, order's or subscription's campaign is shown by the name its record carries; only the campaign
  // filter needs the campaigns' list, and support's and finance's roles need neither.
  // ... and the members list's channel filter, for who may list channels: support's role would otherwise
  // read every channel's terms (its profit share) to list members, whose channel their record names.
  'list-users': ['list-campaigns', 'list-channels'],
  'list-orders': ['list-campaigns'],
  'list-subscriptions': ['list-campaigns'],
}

/**
 * Every action on a resource is done from its screens, which start at its list (a banner is edited from the
 * banners list, and a saved form returns there): `edit-banners` needs `list-banners`, for every resource with
 * a list. `all-channels` is left out: it widens what other lists show, and opens no screen of its own.
 */
function listOf(name: string): PermissionName | undefined {
  const entry = entryByName.get(name)
  if (!entry || entry.action === 'list' || entry.action === 'all') return undefined
  const list = `list-${entry.group}`
  return isPermissionName(list) ? list : undefined
}

/** What `name` needs directly: its resource's list (listOf), then what permissionNeeds declares. */
function directNeeds(name: string): PermissionName[] {
  const list = listOf(name)
  return [...(list ? [list] : []), ...(permissionNeeds[name as PermissionName] ?? [])]
}

/** The permissions `name` needs, and theirs in turn, without `name` itself. */
export function neededBy(name: string): PermissionName[] {
  const found = new Set<PermissionName>()
  const visit = (current: string) => {
    for (const need of directNeeds(current)) {
      if (found.has(need) || need === name) continue
      found.add(need)
      visit(need)
    }
  }
  visit(name)
  return [...found]
}
