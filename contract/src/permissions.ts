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
  videos: ['list', 'create', 'edit', 'delete', 'publish', 'export', 'batch-create'],
  blocks: ['list', 'create', 'edit', 'delete'],
  banners: ['list', 'create', 'edit', 'delete'],
  advertisements: ['list', 'edit'],
  informations: ['list', 'create', 'edit'],
  posts: ['list', 'create', 'edit', 'delete'],
  tags: ['list', 'create', 'edit', 'delete'],
  'tag-categories': ['list', 'create', 'edit', 'delete'],
  directors: ['list', 'create', 'edit', 'delete'],
  sources: ['list', 'create', 'edit', 'delete'],
  seos: ['list', 'create', 'edit', 'delete'],
  questions: ['list', 'create', 'edit', 'delete'],
  supports: ['list', 'delete', 'solve', 'archive', 'recover'],
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
  ],
  plans: ['list', 'create', 'edit', 'export'],
  promotions: ['list', 'create', 'edit', 'delete'],
  deals: ['list', 'create', 'edit', 'delete'],
  subscriptions: ['list'],
  orders: ['list', 'edit'],
  channels: ['list', 'create', 'edit', 'delete', 'archive', 'recover'],
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

export type PermissionResource = keyof typeof permissionCatalogue

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
export function isPermissionName(name: string): name is PermissionName {
  return known.has(name)
}

/** The role seeded on first start that holds every permission. */
export const SUPER_ADMIN_ROLE = 'super-admin'
