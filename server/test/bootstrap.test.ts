import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { passwordIssue, permissionNames, SUPER_ADMIN_ROLE } from '@vod/contract'
import { count, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { bootstrap, INITIAL_PASSWORD_FILE } from '../src/auth/bootstrap.ts'
import { verifyPassword } from '../src/auth/password.ts'
import { queryRows } from '../src/db/client.ts'
import { seedDemoData } from '../src/db/demo.ts'
import { DEMO_ARTICLES } from '../src/db/demo-articles.ts'
import { DEMO_MEMBERS } from '../src/db/demo-commerce.ts'
import { DEMO_VIDEOS } from '../src/db/demo-videos.ts'
import { migrate } from '../src/db/migrate.ts'
import {
  admins,
  directors,
  permissions,
  rolePermissions,
  roles,
  sources,
  tagCategories,
  tags,
  videos,
  videoTags,
} from '../src/db/schema/index.ts'
import { diskStorage } from '../src/storage/disk.ts'
import {
  createTestDatabase,
  describeEachEngine,
  onPostgresOnly,
  type TestDatabase,
} from './support/databases.ts'

describeEachEngine('bootstrap', (engine) => {
  let t: TestDatabase
  let dataDir: string
  beforeEach(async () => {
    t = await createTestDatabase(engine)
    dataDir = path.join(os.tmpdir(), `vod-bootstrap-${process.pid}-${Date.now()}`)
  })
  afterEach(async () => {
    await t.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  const superRolePermissionCount = async () => {
    const db = t.database.db
    const [row] = await db
      .select({ n: count() })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(eq(roles.name, SUPER_ADMIN_ROLE))
    return row?.n
  }

  it('seeds the whole catalogue, a complete super-admin role and one admin; again changes nothing', async () => {
    const db = t.database.db
    const first = await bootstrap(db, { adminUsername: 'boss', adminPassword: 'abc12345', dataDir })
    expect(first).toMatchObject({
      createdAdmin: true,
      username: 'boss',
      generated: false,
      passwordFile: null,
    })
    const names = (await db.select({ name: permissions.name }).from(permissions)).map((p) => p.name)
    expect(names.sort()).toEqual([...permissionNames].sort())
    expect(await superRolePermissionCount()).toBe(permissionNames.length)

    const second = await bootstrap(db, { adminUsername: 'boss', adminPassword: 'other123', dataDir })
    expect(second).toEqual({ createdAdmin: false })
    expect(await db.select({ n: count() }).from(admins)).toEqual([{ n: 1 }])
    expect(await db.select({ n: count() }).from(permissions)).toEqual([{ n: permissionNames.length }])
    const [admin] = await db.select().from(admins)
    expect(admin && (await verifyPassword(admin.passwordHash, 'abc12345'))).toBe(true)
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('puts back permissions the super-admin role lost', async () => {
    const db = t.database.db
    await bootstrap(db, { adminUsername: 'admin', adminPassword: 'abc12345', dataDir })
    await db.delete(rolePermissions)
    expect(await superRolePermissionCount()).toBe(0)
    await bootstrap(db, { adminUsername: 'admin', adminPassword: 'abc12345', dataDir })
    expect(await superRolePermissionCount()).toBe(permissionNames.length)
  })

  it('without ADMIN_PASSWORD generates a valid one and writes it to a 0600 file', async () => {
    const result = await bootstrap(t.database.db, { adminUsername: 'admin', adminPassword: null, dataDir })
    if (!result.createdAdmin) throw new Error('expected an admin')
    expect(result.generated).toBe(true)
    expect(passwordIssue(result.password)).toBeNull()
    expect(result.password.length).toBeGreaterThanOrEqual(16)
    const file = path.join(dataDir, INITIAL_PASSWORD_FILE)
    expect(result.passwordFile).toBe(file)
    expect((await readFile(file, 'utf8')).trim()).toBe(result.password)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const [admin] = await t.database.db.select().from(admins)
    expect(admin && (await verifyPassword(admin.passwordHash, result.password))).toBe(true)
  })

  it('runs concurrently without duplicates (processes starting together)', async () => {
    const db = t.database.db
    const results = await Promise.all(
      [1, 2, 3].map(() => bootstrap(db, { adminUsername: 'admin', adminPassword: 'abc12345', dataDir })),
    )
    expect(results.filter((r) => r.createdAdmin)).toHaveLength(1)
    expect(await db.select({ n: count() }).from(admins)).toEqual([{ n: 1 }])
    expect(await superRolePermissionCount()).toBe(permissionNames.length)
  })

  it('migrating again is a no-op', async () => {
    await migrate(t.database)
    await migrate(t.database)
    expect(await t.database.db.select({ n: count() }).from(tags)).toEqual([{ n: 0 }])
  })

  it('seeds demo tags of all three types, directors and sources filed under genres, into empty tables only', async () => {
    const db = t.database.db
    const uploads = await mkdtemp(path.join(os.tmpdir(), 'vod-demo-test-'))
    const storage = diskStorage(uploads)
    const added = await seedDemoData(db, storage)
    const types = await db.selectDistinct({ type: tags.type }).from(tags)
    expect(types.map((r) => r.type).sort()).toEqual(['genre', 'model', 'studio'])
    const [tagCount] = await db.select({ n: count() }).from(tags)
    expect(tagCount?.n).toBeGreaterThanOrEqual(25)
    expect(await db.select({ n: count() }).from(directors)).toEqual([{ n: 8 }])
    // Every demo tag is filed under a category of its kind; each category holds tags.
    const filedTags = await db
      .select({ category: tagCategories.name, type: tags.type })
      .from(tags)
      .innerJoin(tagCategories, eq(tagCategories.id, tags.categoryId))
    expect(filedTags).toHaveLength(tagCount?.n ?? 0)
    expect(new Set(filedTags.filter((t) => t.type === 'model').map((t) => t.category))).toEqual(
      new Set(['Talent']),
    )
    expect(new Set(filedTags.map((t) => t.category)).size).toBe(4)
    const filed = await db
      .select({ genre: tags.type })
      .from(sources)
      .innerJoin(tags, eq(tags.id, sources.genreId))
    expect(filed.map((row) => row.genre)).toEqual(Array(5).fill('genre'))
    const [video] = await db.select({ cover: videos.cover }).from(videos).limit(1)
    const cover = await storage.get((video?.cover ?? '').replace('/uploads/', ''))
    expect(cover?.contentType).toBe('image/png')
    const linked = await db.selectDistinct({ videoId: videoTags.videoId }).from(videoTags)
    expect(linked).toHaveLength(DEMO_VIDEOS)
    expect(await seedDemoData(db, storage)).toBe(0)
    const commerceTables = ['plans', 'channels', 'campaigns', 'promotions', 'deals']
    const counted = [
      ...commerceTables,
      'ip_whitelists',
      'users',
      'subscriptions',
      'orders',
      'segpay_payout_reports',
      // The analytics' demo history (db/demo-analytics.ts).
      'visits',
      'order_events',
    ]
    const [commerce] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select (${counted.map((table) => `(select count(*) from ${table})`).join(' + ')})::int as n`),
    )
    expect(commerce?.n).toBeGreaterThan(DEMO_MEMBERS * 3)
    // A home page of blocks, each videos block holding videos in order; banners, one expired; pages, FAQ.
    const [merch] = await queryRows<{ n: number; home: number; ordered: number; expired: number }>(
      db,
      sql.raw(`select
        ((select count(*) from blocks) + (select count(*) from block_videos) + (select count(*) from banners)
          + (select count(*) from informations) + (select count(*) from questions)
          + (select count(*) from advertisements where name <> position))::int as n,
        (select count(*) from blocks where page = 'home')::int as home,
        (select count(*) from blocks b where b.type = 'videos' and b.page = 'home'
          and (select array_agg(position order by position) from block_videos where block_id = b.id)
            = (select array_agg(g) from generate_series(1, (select count(*) from block_videos where block_id = b.id)::int) g))::int as ordered,
        (select count(*) from banners where expired_at < now())::int as expired`),
    )
    expect(merch).toMatchObject({ home: 4, ordered: 2, expired: 1 })
    // The support queues: comments reported in every report state, tickets and requests in every state.
    const [community] = await queryRows<{ n: number; states: string[] }>(
      db,
      sql.raw(`select ((select count(*) from comments) + (select count(*) from comment_reports)
        + (select count(*) from supports) + (select count(*) from cooperations))::int as n,
        array(select distinct 'comment ' || report_status from comments
          union select distinct 'support ' || status || coalesce(' from ' || archived_from, '') from supports
          union select distinct 'cooperation ' || status from cooperations order by 1) as states`),
    )
    expect(community?.states).toEqual([
      'comment banned',
      'comment none',
      'comment pending',
      'comment rejected',
      'cooperation archived',
      'cooperation open',
      'cooperation solved',
      'support archived from open',
      'support archived from solved',
      'support open',
      'support solved',
    ])
    expect(added).toBe(
      4 +
        (tagCount?.n ?? 0) +
        8 +
        5 +
        2 +
        2 +
        2 +
        DEMO_VIDEOS +
        (commerce?.n ?? 0) +
        DEMO_ARTICLES +
        Number(merch?.n) +
        (community?.n ?? 0),
    )
    await rm(uploads, { recursive: true, force: true })
  })
})

describeEachEngine('migrations from scratch', (engine) => {
  it.runIf(engine === 'postgres')(
    onPostgresOnly(
      engine,
      'several processes migrating one empty database at once apply them once',
      'one process owns its database',
    ),
    async () => {
      const t = await createTestDatabase(engine, { migrate: false })
      const { openDatabase } = await import('../src/db/client.ts')
      const others = await Promise.all([1, 2].map(() => openDatabase({ url: t.url, pgliteDir: null })))
      try {
        await Promise.all([t.database, ...others].map((d) => migrate(d)))
        const applied = await t.database.db.execute(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        )
        // Every migration of the journal, each once (the journal grows with the schema).
        const journal = JSON.parse(
          await readFile(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
        ) as { entries: unknown[] }
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length)
      } finally {
        await Promise.all(others.map((d) => d.close()))
        await t.drop()
      }
    },
  )

  // The baseline (from migration 0012): random reads costed for SSD or cache, unless the database's
  // administrator chose first.
  it.each([
    ['sets', null, '1.1'],
    ['keeps', '2', '2'],
  ])(
    '%s the database planner cost of a random read',
    async (_, before, after) => {
      const t = await createTestDatabase(engine, { migrate: false })
      const setting = async () => {
        const [row] = await queryRows<{ cost: string | null }>(
          t.database.db,
          sql`select (select substr(c, length('random_page_cost=') + 1) from unnest(s.setconfig) as c
                    where c like 'random\_page\_cost=%') as cost
            from pg_database d left join pg_db_role_setting s on s.setdatabase = d.oid and s.setrole = 0
            where d.datname = current_database()`,
        )
        return row?.cost ?? null
      }
      try {
        if (before)
          await t.database.db.execute(
            sql.raw(
              `do $$ begin execute format('alter database %I set random_page_cost = ${before}', current_database()); end $$`,
            ),
          )
        await migrate(t.database)
        expect(await setting()).toBe(after)
      } finally {
        await t.drop()
      }
      // A fresh PGlite takes up to half a minute to open on a busy two-core machine.
    },
    scaled(90_000),
  )
})
