import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { advertisementPositions, advertisementSlotNames, SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  adminRoles,
  admins,
  advertisements,
  permissions,
  rolePermissions,
  roles,
} from '../db/schema/index.ts'
import { type PermissionCatalogue, permissionCatalogue } from './catalogue.ts'
import { generatePassword, hashPassword } from './password.ts'

export const INITIAL_PASSWORD_FILE = 'initial-admin-password'

export interface BootstrapOptions {
  adminUsername: string
  adminPassword: string | null
  dataDir: string
  /** The permissions to seed; the product's unless a test adds its own. */
  catalogue?: PermissionCatalogue
  /** How the first admin's password is hashed; the product's unless a test's cheaper one (its check reads the cost). */
  hash?: (password: string) => Promise<string>
}

export type BootstrapResult =
  | { createdAdmin: false }
  | {
      createdAdmin: true
      username: string
      password: string
      generated: boolean
      passwordFile: string | null
    }

/**
 * Brings the access tables up to the contract on every start: the whole permission catalogue, and a
 * super-admin role holding every permission (kept complete as the catalogue grows). On the first start,
 * with no admin at all, creates one. Every write is "insert if absent", so it is idempotent and safe for
 * processes starting together.
 */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  // Names no longer in the catalogue are kept: deleting them would strip roles while an older process of
  // a rolling deploy still uses them.
  await db
    .insert(permissions)
    .values(
      (options.catalogue ?? permissionCatalogue()).entries.map((p) => ({ name: p.name, group: p.group })),
    )
    .onConflictDoUpdate({ target: permissions.name, set: { group: sql`excluded."group"` } })

  await db.insert(roles).values({ name: SUPER_ADMIN_ROLE }).onConflictDoNothing()
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
  if (!role) throw new Error(`The ${SUPER_ADMIN_ROLE} role could not be created.`)
  await db
    .insert(rolePermissions)
    .select(
      db
        .select({ roleId: sql<number>`${role.id}::integer`.as('role_id'), permissionId: permissions.id })
        .from(permissions),
    )
    .onConflictDoNothing()

  // The member site's ad slots come with the product, one per position: staff edit them, never add any.
  await db
    .insert(advertisements)
    .values(advertisementPositions.map((position) => ({ position, name: advertisementSlotNames[position] })))
    .onConflictDoNothing()

  const [anyAdmin] = await db.select({ id: admins.id }).from(admins).limit(1)
  if (anyAdmin) return { createdAdmin: false }

  const generated = options.adminPassword === null
  const password = options.adminPassword ?? generatePassword()
  const [created] = await db
    .insert(admins)
    .values({
      username: options.adminUsername,
      passwordHash: await (options.hash ?? hashPassword)(password),
      name: 'Administrator',
    })
    .onConflictDoNothing()
    .returning({ id: admins.id })
  // Another process won the race and created (and announced) the first admin.
  if (!created) return { createdAdmin: false }
  await db.insert(adminRoles).values({ adminId: created.id, roleId: role.id }).onConflictDoNothing()

  const passwordFile = generated ? await writePasswordFile(options.dataDir, password) : null
  return { createdAdmin: true, username: options.adminUsername, password, generated, passwordFile }
}

async function writePasswordFile(dataDir: string, password: string): Promise<string> {
  await mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE)
  await writeFile(file, `${password}\n`, { mode: 0o600 })
  // writeFile's mode only applies to a new file; an old one keeps its own unless told.
  await chmod(file, 0o600)
  return file
}
