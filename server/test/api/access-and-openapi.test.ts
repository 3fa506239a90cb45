import { isPermissionName } from '@vod/contract'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describe('route access declarations', () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite')
  })
  afterAll(() => testDb?.drop())

  async function readyWith(config: Record<string, unknown> | undefined) {
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent' }),
      db: testDb.database.db,
      logger: pino({ level: 'silent' }),
    })
    app.register(async (scope) => {
      scope.get('/api/sneaky', config ? { config } : {}, async () => ({ ok: true }))
    })
    try {
      await app.ready()
    } finally {
      await app.close()
    }
  }

  it('refuses to start with an /api route that declares nothing', async () => {
    await expect(readyWith(undefined)).rejects.toThrow(/GET \/api\/sneaky must declare exactly one/)
  })

  it('refuses a permission missing from the catalogue, an unknown access, or both at once', async () => {
    await expect(readyWith({ permission: 'list-sneakies' })).rejects.toThrow(
      /not in the contract's catalogue/,
    )
    await expect(readyWith({ access: 'everyone' })).rejects.toThrow(
      /use 'public', 'authenticated', 'two-factor'/,
    )
    await expect(readyWith({ access: 'public', permission: 'list-tags' })).rejects.toThrow(/exactly one/)
  })

  it('starts with a proper declaration', async () => {
    await expect(readyWith({ permission: 'list-tags' })).resolves.toBeUndefined()
  })
})

describeEachEngine('OpenAPI document', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t?.close())

  // The access plugin records every /api route as it checks it; the document must show each one.
  const apiRoutes = () =>
    t.app.accessTable.filter((r) => r.method !== 'HEAD' && r.url !== '/api/openapi.json')

  it('is public OpenAPI 3.1', async () => {
    const res = await t.request('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
  })

  it('documents every registered /api route, with its permission and resource tag', async () => {
    const doc = (await t.request('/api/openapi.json')).body
    expect(apiRoutes().length).toBeGreaterThanOrEqual(8)
    for (const route of apiRoutes()) {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      const op = doc.paths?.[path]?.[route.method.toLowerCase()]
      expect(op, `${route.method} ${path} is missing from the document`).toBeDefined()
      expect(op.tags?.length, `${route.method} ${path} has no tag`).toBeGreaterThan(0)
      if (route.permission) {
        expect(op['x-permission']).toBe(route.permission)
        expect(isPermissionName(op['x-permission'])).toBe(true)
        expect(op.description).toContain(route.permission)
      } else {
        expect(op['x-access']).toBe(route.access)
      }
    }
  })

  it('describes the tags list parameters and bodies from the zod schemas', async () => {
    const doc = (await t.request('/api/openapi.json')).body
    const list = doc.paths['/api/tags'].get
    const names = list.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'sort',
        'keyword',
        'type',
        'category_id',
        'created_at_from',
        'created_at_to',
      ]),
    )
    expect(doc.paths['/api/tags'].post.requestBody.content['application/json'].schema).toBeDefined()
    expect(doc.paths['/api/tags/{id}'].delete['x-permission']).toBe('delete-tags')
    expect(doc.paths['/api/login'].post['x-access']).toBe('public')
    expect(doc.paths['/api/login'].post.security).toEqual([])
  })

  it("reads as other people's tools expect: operationIds, declared tags, a server, real descriptions, CSV exports, typed paging", async () => {
    const doc = (await t.request('/api/openapi.json')).body
    expect(doc.servers?.length).toBeGreaterThan(0)
    const declared = new Set(doc.tags.map((tag: { name: string }) => tag.name))
    const ids = new Set<string>()
    for (const [path, item] of Object.entries<Json>(doc.paths))
      for (const [method, op] of Object.entries<Json>(item)) {
        const name = `${method} ${path}`
        expect(op.operationId, name).toMatch(/^[a-z]+[A-Za-z0-9]*$/)
        expect(ids.has(op.operationId), `${name}: operationId twice`).toBe(false)
        ids.add(op.operationId)
        for (const tag of op.tags) expect(declared.has(tag), `${name}: tag ${tag} undeclared`).toBe(true)
        for (const [status, response] of Object.entries<Json>(op.responses))
          expect(response.description, `${name} ${status}`).not.toBe('Default Response')
      }
    for (const path of ['/api/videos/exportCsv', '/api/plans/exportCsv']) {
      const op = doc.paths[path].get
      expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv'])
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('ticket')
    }
    const paging = doc.paths['/api/tags'].get.parameters.filter((p: Json) =>
      ['page', 'per_page'].includes(p.name),
    )
    expect(paging.map((p: Json) => p.schema)).toEqual([
      { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    ])
  })

  it('serves a browsable reference at /api/docs', async () => {
    const res = await t.request('/api/docs/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
  })
})
