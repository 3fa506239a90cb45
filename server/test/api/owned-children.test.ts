import { defineContract, recordId, references } from '@vod/contract'
import { and, asc, eq } from 'drizzle-orm'
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { z } from 'zod'
import { auditLogs, tags } from '../../src/db/schema/index.ts'
import { conflict } from '../../src/lib/errors.ts'
import { defineResource } from '../../src/lib/resource/define-resource.ts'
import { describeEachEngine } from '../support/databases.ts'
import { createFixtureTables } from '../support/fixture-tables.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { rewritten, versioned } from '../support/versions.ts'

/**
 * An owned child is written as a resource is (write.ts): a throwaway kit's parts with a transform, hooks, a
 * relation and a unique column, under the parent's lock and on the parent's trail.
 */
const kits = pgTable('kits', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 100 }).notNull(),
})
const kitParts = pgTable('kit_parts', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  kitId: integer('kit_id')
    .notNull()
    .references(() => kits.id, { onDelete: 'cascade' }),
  label: varchar({ length: 100 }).notNull(),
  code: varchar({ length: 20 }).notNull().unique(),
  position: integer().notNull(),
})
const kitPartTags = pgTable('kit_part_tags', {
  partId: integer('part_id')
    .notNull()
    .references(() => kitParts.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id')
    .notNull()
    .references(() => tags.id),
})

const partInput = z.object({
  label: z.string().min(1).max(100),
  code: z.string().min(1).max(20),
  tag_ids: references('tags').optional(),
})
const partRecord = z.object({
  id: recordId,
  label: z.string(),
  code: z.string(),
  tag_ids: z.array(recordId),
  position: z.number().int(),
})

/** What the parts' `after` hook saw, write by write. */
const seen: [string, string[]][] = []

const kitsModule = defineResource({
  contract: defineContract({
    path: 'kits',
    record: z.object({ id: recordId, name: z.string() }),
    input: z.object({ name: z.string() }),
    list: { sortable: ['id'], defaultSort: 'id' },
    children: { parts: { record: partRecord, input: partInput, ordered: true } },
  }),
  table: kits,
  children: {
    parts: {
      table: kitParts,
      position: kitParts.position,
      relations: { tag_ids: { through: kitPartTags, target: tags } },
      transform: { code: (code: string) => ({ code: code.toUpperCase() }) },
      hooks: {
        async check({ input }) {
          if (input.label === 'forbidden') throw conflict('errors.in_use')
        },
        async after({ operation, changed }) {
          seen.push([operation, [...changed].sort()])
        },
      },
    },
  },
})

describeEachEngine('owned children through the write machinery', (engine) => {
  let t: TestApp
  let token: string
  let kit: number
  let red: number
  let blue: number
  const api = (path: string, method = 'GET', body?: unknown) =>
    t.request(path, { token, method, ...(body === undefined ? {} : { body }) })
  const parts = () => api(`/api/kits/${kit}/parts`).then((res) => res.body.data as Json[])
  const trail = () =>
    t.db
      .select({ action: auditLogs.action, changes: auditLogs.changes })
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'kits'), eq(auditLogs.recordId, kit)))
      .orderBy(asc(auditLogs.id))

  beforeAll(async () => {
    t = await startTestApp(engine, {
      permissions: kitsModule.permissions.map((name) => ({ name, group: 'kits' })),
      beforeListen: async (app, db) => {
        await app.register(kitsModule, { prefix: '/api', db })
      },
    })
    await createFixtureTables(t.db, { kits, kitParts, kitPartTags })
    token = await t.superToken()
    const made = await t.db
      .insert(tags)
      .values([
        { name: 'Kit red', type: 'genre' },
        { name: 'Kit blue', type: 'genre' },
      ])
      .returning({ id: tags.id })
    ;[red, blue] = made.map((row) => row.id) as [number, number]
  })
  afterAll(() => t?.close())
  beforeEach(async () => {
    kit = (await api('/api/kits', 'POST', { name: 'Kit' })).body.data.id
    seen.length = 0
  })

  it("runs the child's transform, relation and hooks on create, update and delete, on the parent's trail", async () => {
    const created = await api(`/api/kits/${kit}/parts`, 'POST', {
      label: 'Wheel',
      code: 'w-1',
      tag_ids: [red],
    })
    expect(created.status).toBe(201)
    const wheel = created.body.data
    expect(wheel).toEqual(
      versioned({ id: wheel.id, label: 'Wheel', code: 'W-1', tag_ids: [red], position: 1 }),
    )
    const bell = (await api(`/api/kits/${kit}/parts`, 'POST', { label: 'Bell', code: 'b-1' })).body.data
    expect(bell.position).toBe(2)

    const updated = await api(`/api/kits/${kit}/parts/${wheel.id}`, 'PUT', {
      code: 'w-2',
      tag_ids: [blue, red],
    })
    expect(updated.body.data).toMatchObject({ code: 'W-2', tag_ids: [red, blue].sort((a, b) => a - b) })

    // The hooks' refusal, the relation's unknown ids and the database's unique rule answer as for a resource.
    expect((await api(`/api/kits/${kit}/parts`, 'POST', { label: 'forbidden', code: 'f' })).status).toBe(409)
    const unknown = await api(`/api/kits/${kit}/parts/${bell.id}`, 'PUT', { tag_ids: [999999] })
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([422, ['tag_ids']])
    const taken = await api(`/api/kits/${kit}/parts`, 'POST', { label: 'Twin', code: 'W-2' })
    expect([taken.status, Object.keys(taken.body.errors)]).toEqual([422, ['code']])

    expect((await api(`/api/kits/${kit}/parts/${wheel.id}`, 'DELETE')).status).toBe(204)
    expect(await parts()).toEqual([rewritten({ ...bell, position: 1 })])
    expect(seen).toEqual([
      ['create', ['code', 'label', 'tag_ids']],
      ['create', ['code', 'label']],
      ['update', ['code', 'tag_ids']],
      ['delete', []],
    ])
    expect(await trail()).toEqual([
      { action: 'create', changes: { name: 'Kit' } },
      {
        action: 'create-parts',
        changes: { id: wheel.id, label: 'Wheel', code: 'W-1', tag_ids: [red], position: 1 },
      },
      {
        action: 'create-parts',
        changes: { id: bell.id, label: 'Bell', code: 'B-1', tag_ids: [], position: 2 },
      },
      {
        action: 'update-parts',
        changes: { id: wheel.id, code: ['W-1', 'W-2'], tag_ids: [[red], [red, blue].sort((a, b) => a - b)] },
      },
      {
        action: 'delete-parts',
        changes: {
          id: wheel.id,
          label: 'Wheel',
          code: 'W-2',
          tag_ids: [red, blue].sort((a, b) => a - b),
          position: 1,
        },
      },
    ])
  })

  it("reaches only the parent's own children, and none of a parent that is not there", async () => {
    const other = (await api('/api/kits', 'POST', { name: 'Other' })).body.data.id
    const foreign = (await api(`/api/kits/${other}/parts`, 'POST', { label: 'Horn', code: 'h-1' })).body.data
    expect((await api(`/api/kits/${kit}/parts/${foreign.id}`)).status).toBe(404)
    expect((await api(`/api/kits/${kit}/parts/${foreign.id}`, 'PUT', { label: 'x' })).status).toBe(404)
    expect((await api(`/api/kits/${kit}/parts/${foreign.id}`, 'DELETE')).status).toBe(404)
    expect((await api(`/api/kits/999999/parts`, 'POST', { label: 'x', code: 'x-1' })).status).toBe(404)
    expect((await api(`/api/kits/${other}/parts/${foreign.id}`)).body.data.label).toBe('Horn')
    expect(seen).toEqual([['create', ['code', 'label']]])
  })

  it('keeps positions 1..n under concurrent adds and deletes', async () => {
    const added = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        api(`/api/kits/${kit}/parts`, 'POST', { label: `p${n}`, code: `c${kit}-${n}` }),
      ),
    )
    expect(added.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201])
    expect(added.map((res) => res.body.data.position).sort()).toEqual([1, 2, 3, 4, 5, 6])
    const gone = added.filter((_, i) => i % 2 === 0).map((res) => res.body.data.id)
    await Promise.all(gone.map((id) => api(`/api/kits/${kit}/parts/${id}`, 'DELETE')))
    expect((await parts()).map((part) => part.position)).toEqual([1, 2, 3])
  })
})
