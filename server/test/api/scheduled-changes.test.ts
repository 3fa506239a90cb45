import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../e2e/support/server.ts'
import { scaled, until } from '../../../test/support/time.ts'
import { admins, scheduledChanges, videos } from '../../src/db/schema/index.ts'
import { describeEachEngine, describeOnPostgres } from '../support/databases.ts'
import { openEventStream } from '../support/event-stream.ts'
import {
  type Json,
  SUPER_USERNAME,
  startSecondServer,
  startTestApp,
  type TestAdmin,
  type TestApp,
} from '../support/harness.ts'

/** The runner looks often in these tests, so a change due now runs at once. */
const env = { SCHEDULED_CHANGES_INTERVAL_MS: '100' }
const soon = (ms = 200) => new Date(Date.now() + ms).toISOString()
const later = () => new Date(Date.now() + 3_600_000).toISOString()

/** Changes scheduled ahead (issue 67 item 4; docs/scheduled-changes.md). */
describeEachEngine('scheduled changes', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
  const as = (who: TestAdmin, path: string, method = 'GET', body?: Json) =>
    t.request(path, { token: who.token, method, body })

  beforeAll(async () => {
    t = await startTestApp(engine, { env })
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  let serial = 0
  const video = async (published: boolean) => {
    const { id } = (await api('/api/videos', 'POST', { title: 'Launch', serial_number: `SC-${++serial}` }))
      .body.data
    if (published) expect((await api(`/api/videos/${id}/publish`, 'POST')).status).toBe(200)
    return id as number
  }
  const schedule = async (body: Json, who?: TestAdmin) => {
    const res = who
      ? await as(who, '/api/scheduled-changes', 'POST', body)
      : await api('/api/scheduled-changes', 'POST', body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data as Json
  }
  const ran = (id: number) =>
    until(
      `scheduled change ${id} to run`,
      async () => (await api(`/api/scheduled-changes/${id}`)).body.data,
      (row) => row.state !== 'pending',
    )
  /**
   * Its scheduler disabled before it runs: the change fails (its row as it is then). Scheduled an hour ahead
   * and brought to now once the scheduler is disabled: a time a moment ahead can come first on a slow host.
   */
  const failsOnceDisabled = async (scheduler: TestAdmin, change: Json) => {
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, scheduler.id))
    await t.db.update(scheduledChanges).set({ runAt: new Date() }).where(eq(scheduledChanges.id, change.id))
    const failed = await until(
      'the change to fail',
      async () => (await t.db.select().from(scheduledChanges).where(eq(scheduledChanges.id, change.id)))[0],
      (row) => row?.state !== 'pending',
    )
    expect(failed?.state).toBe('failed')
    return failed
  }
  const trail = async (resource: string, id: number, action: string) =>
    (await api(`/api/audit-logs?resource=${resource}&record_id=${id}&action=${action}`)).body.data as Json[]

  it('takes a video down at its time through the manual unpublish: its reason, audit and undo, and a notice', async () => {
    const id = await video(true)
    const change = await schedule({
      resource: 'videos',
      record_id: id,
      action: 'take_down',
      run_at: soon(),
      reason: 'Licence ends',
    })
    expect(change).toMatchObject({ state: 'pending', created_by_name: 'Administrator', late: 0, noticed: 0 })
    // Listed on the record's own schedules.
    const listed = await api(`/api/scheduled-changes?resource=videos&record_id=${id}`)
    expect(listed.body.data.map((row: Json) => row.id)).toEqual([change.id])

    const done = await ran(change.id)
    expect(done).toMatchObject({ state: 'done', late: 0, result: { en: 'Taken down.', 'zh-CN': '已下架。' } })
    expect(done.ran_at).toEqual(expect.any(String))
    const record = (await api(`/api/videos/${id}`)).body.data
    expect(record).toMatchObject({
      status: 'draft',
      takedown_reason: 'Licence ends',
      taken_down_by: SUPER_USERNAME,
    })
    const [entry] = await trail('videos', id, 'unpublish')
    expect(entry).toMatchObject({ admin_username: SUPER_USERNAME })
    expect(entry.changes).toMatchObject({
      status: ['published', 'draft'],
      reason: 'Licence ends',
      scheduled: { id: change.id, late: false },
    })
    expect((await trail('scheduled-changes', change.id, 'run'))[0]?.changes).toMatchObject({
      state: ['pending', 'done'],
    })
    // The notice waits for its scheduler until seen.
    const me = (await api('/api/auth/me')).body.data.id
    const unseen = async () =>
      (await api(`/api/scheduled-changes?created_by=${me}&unseen=1`)).body.data.map((row: Json) => row.id)
    expect(await unseen()).toContain(change.id)
    expect((await api(`/api/scheduled-changes/${change.id}/seen`, 'POST')).status).toBe(200)
    expect(await unseen()).not.toContain(change.id)
    // The manual undo of a takedown (publish) applies as it would to one made by hand.
    expect((await api(`/api/videos/${id}/publish`, 'POST')).body.data.status).toBe('published')
  })

  it("tells the pages open on the record of the change made at its time, its scheduler's own too", async () => {
    const id = await video(false)
    const page = await openEventStream(`${t.url}/api/presence/videos/${id}`, token)
    try {
      await until('hello', () => page.last('hello'))
      const change = await schedule({ resource: 'videos', record_id: id, action: 'publish', run_at: soon() })
      expect((await ran(change.id)).state).toBe('done')
      const record = (await api(`/api/videos/${id}`)).body.data
      const event = await until('saved', () => page.last('saved'))
      expect(event).toMatchObject({
        resource: 'videos',
        id,
        version: record.version,
        by: { username: SUPER_USERNAME },
        scheduled: true,
      })
      // A change refused at its time saved nothing: nothing more is told.
      const refused = await schedule({ resource: 'videos', record_id: id, action: 'publish', run_at: soon() })
      expect((await ran(refused.id)).state).toBe('failed')
      const edited = (await api(`/api/videos/${id}`, 'PUT', { title: 'Launched' })).body.data
      await until(
        'the edit told',
        () => page.last('saved'),
        (last) => last.version === edited.version,
      )
      expect(page.events.filter((e) => e.event === 'saved').map((e) => e.data.scheduled)).toEqual([
        true,
        undefined,
      ])
    } finally {
      page.close()
    }
  })

  it('fails a change that breaks a rule, with the rule as the API would say it, and changes nothing', async () => {
    const id = await video(false)
    const change = await schedule({
      resource: 'videos',
      record_id: id,
      action: 'take_down',
      run_at: soon(),
      reason: 'x',
    })
    const failed = await ran(change.id)
    expect(failed.state).toBe('failed')
    expect(failed.result.en).toBe('The action unpublish does not apply while the record is draft.')
    expect(failed.result['zh-CN']).toContain('草稿')
    expect((await api(`/api/videos/${id}`)).body.data.status).toBe('draft')
    expect(await trail('videos', id, 'unpublish')).toEqual([])
  })

  it('publishes a post, and takes a banner and a promotion down through their updates', async () => {
    const post = (await api('/api/posts', 'POST', { title: 'Launch note', content: '<p>Hi</p>' })).body.data
    const banner = (await api('/api/banners', 'POST', { position: 'home_hero', name: 'Autumn' })).body.data
    const promotion = (
      await api('/api/promotions', 'POST', {
        name: 'Autumn',
        code: 'AUTUMN-SC',
        started_at: '2026-01-01T00:00:00Z',
        ended_at: '2036-01-01T00:00:00Z',
        times: 10,
      })
    ).body.data
    const rows = [
      await schedule({ resource: 'posts', record_id: post.id, action: 'publish', run_at: soon() }),
      await schedule({ resource: 'banners', record_id: banner.id, action: 'take_down', run_at: soon() }),
      await schedule({
        resource: 'promotions',
        record_id: promotion.id,
        action: 'take_down',
        run_at: soon(),
      }),
    ]
    for (const row of rows) expect((await ran(row.id)).state).toBe('done')
    expect((await api(`/api/posts/${post.id}`)).body.data).toMatchObject({ status: 'published' })
    expect((await api(`/api/banners/${banner.id}`)).body.data).toMatchObject({ expired: 1 })
    expect((await api(`/api/promotions/${promotion.id}`)).body.data).toMatchObject({ status: 'disabled' })
    const [update] = await trail('promotions', promotion.id, 'update')
    expect(update?.changes).toMatchObject({ status: ['enabled', 'disabled'], scheduled: { id: rows[2].id } })
  })

  it("takes a block down at its time and publishes it again through its update, as a banner's, audited as scheduled", async () => {
    const block = (await api('/api/blocks', 'POST', { title: 'Winter sale', page: 'home' })).body.data
    expect(block).toMatchObject({ expired_at: null, expired: 0 })
    // Whoever may list and edit blocks schedules it; a block's take-down asks no reason (its PUT asks none).
    const editor = await t.createAdmin(['list-blocks', 'edit-blocks'])
    const down = await schedule(
      { resource: 'blocks', record_id: block.id, action: 'take_down', run_at: soon() },
      editor,
    )
    const downRan = await ran(down.id)
    const afterDown = Date.now()
    expect(downRan).toMatchObject({ state: 'done', late: 0 })
    const taken = (await api(`/api/blocks/${block.id}`)).body.data
    expect(taken.expired).toBe(1)
    // It expires at the moment the change ran, not at the moment it was scheduled for.
    expect(Date.parse(taken.expired_at)).toBeGreaterThanOrEqual(Date.parse(down.run_at))
    expect(Date.parse(taken.expired_at)).toBeLessThanOrEqual(afterDown)
    const gone = await api(`/api/blocks?expired=1&keyword=Winter`)
    expect(gone.body.data.map((row: Json) => row.id)).toEqual([block.id])
    const [takeDown] = await trail('blocks', block.id, 'update')
    expect(takeDown).toMatchObject({ admin_username: editor.username })
    expect(takeDown?.changes).toMatchObject({
      expired_at: [null, expect.any(String)],
      scheduled: { id: down.id, late: false },
    })
    expect(Date.parse(takeDown?.changes.expired_at[1])).toBe(Date.parse(taken.expired_at))

    const up = await schedule({ resource: 'blocks', record_id: block.id, action: 'publish', run_at: soon() })
    expect((await ran(up.id)).state).toBe('done')
    expect((await api(`/api/blocks/${block.id}`)).body.data).toMatchObject({ expired_at: null, expired: 0 })
    const updates = await trail('blocks', block.id, 'update')
    expect(updates).toHaveLength(2)
    const published = updates.find((entry) => entry.changes.scheduled?.id === up.id)
    expect(published?.changes).toMatchObject({ expired_at: [expect.any(String), null] })
    expect((await trail('scheduled-changes', up.id, 'run'))[0]?.changes).toMatchObject({
      state: ['pending', 'done'],
    })
  })

  it("schedules a block's change only with list- and edit-blocks, and only for a block that is there", async () => {
    const block = (await api('/api/blocks', 'POST', { title: 'Guarded season' })).body.data
    const onBlock = await schedule({
      resource: 'blocks',
      record_id: block.id,
      action: 'take_down',
      run_at: later(),
    })
    const body = { resource: 'blocks', record_id: block.id, action: 'publish', run_at: later() }
    // Lists blocks but may not edit them: neither schedules nor sees a block's schedules.
    const reader = await t.createAdmin(['list-blocks'])
    expect((await as(reader, '/api/scheduled-changes', 'POST', body)).status).toBe(403)
    expect((await as(reader, `/api/scheduled-changes/${onBlock.id}`)).status).toBe(404)
    expect((await as(reader, `/api/scheduled-changes/${onBlock.id}/cancel`, 'POST')).status).toBe(404)
    const seen = (await as(reader, '/api/scheduled-changes?resource=blocks')).body.data
    expect(seen).toEqual([])
    // One who edits banners, not blocks, does not reach blocks' either.
    const bannerEditor = await t.createAdmin(['list-banners', 'edit-banners'])
    expect((await as(bannerEditor, '/api/scheduled-changes', 'POST', body)).status).toBe(403)
    expect((await as(bannerEditor, `/api/scheduled-changes/${onBlock.id}`)).status).toBe(404)
    const editor = await t.createAdmin(['list-blocks', 'edit-blocks'])
    expect((await as(editor, `/api/scheduled-changes/${onBlock.id}`)).body.data).toMatchObject({
      resource: 'blocks',
      record_id: block.id,
      action: 'take_down',
    })
    const missing = await as(editor, '/api/scheduled-changes', 'POST', { ...body, record_id: 999_999 })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(['record_id'])
    // Its scheduler may no longer edit blocks when it runs: it fails, and the block still shows.
    const scheduler = await t.createAdmin(['list-blocks', 'edit-blocks'])
    const change = await schedule(
      { resource: 'blocks', record_id: block.id, action: 'take_down', run_at: later() },
      scheduler,
    )
    await failsOnceDisabled(scheduler, change)
    expect((await api(`/api/blocks/${block.id}`)).body.data).toMatchObject({ expired_at: null, expired: 0 })
  })

  it('is changed or cancelled until it runs, and never runs once cancelled', async () => {
    const id = await video(true)
    const change = await schedule({
      resource: 'videos',
      record_id: id,
      action: 'take_down',
      run_at: later(),
      reason: 'Soon',
    })
    const moved = await api(`/api/scheduled-changes/${change.id}`, 'PUT', {
      run_at: later(),
      reason: 'Sooner',
    })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ reason: 'Sooner', state: 'pending' })
    // Only the time, the change and the reason move; the record it is about stays.
    await api(`/api/scheduled-changes/${change.id}`, 'PUT', { record_id: 999 })
    expect((await api(`/api/scheduled-changes/${change.id}`)).body.data.record_id).toBe(id)
    const cancelled = await api(`/api/scheduled-changes/${change.id}/cancel`, 'POST')
    expect(cancelled.body.data.state).toBe('cancelled')
    const again = await api(`/api/scheduled-changes/${change.id}/cancel`, 'POST')
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('The action cancel does not apply while the record is cancelled.')
    const after = await api(`/api/scheduled-changes/${change.id}`, 'PUT', { run_at: soon(0) })
    expect(after.status).toBe(409)
    // A change due after it runs: the runner has passed the cancelled one by then.
    const other = await video(false)
    const marker = await schedule({
      resource: 'videos',
      record_id: other,
      action: 'publish',
      run_at: soon(0),
    })
    expect((await ran(marker.id)).state).toBe('done')
    expect((await api(`/api/scheduled-changes/${change.id}`)).body.data.state).toBe('cancelled')
    expect((await api(`/api/videos/${id}`)).body.data.status).toBe('published')
  })

  it('refuses a take-down without the reason the manual one asks, and a record that is not there', async () => {
    const id = await video(true)
    const none = await api('/api/scheduled-changes', 'POST', {
      resource: 'videos',
      record_id: id,
      action: 'take_down',
      run_at: later(),
    })
    expect(none.status).toBe(422)
    expect(Object.keys(none.body.errors)).toEqual(['reason'])
    const missing = await api('/api/scheduled-changes', 'POST', {
      resource: 'videos',
      record_id: 999_999,
      action: 'publish',
      run_at: later(),
    })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(['record_id'])
    const bad = await api('/api/scheduled-changes', 'POST', {
      resource: 'admins',
      record_id: id,
      action: 'publish',
      run_at: 'tomorrow',
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['resource', 'run_at'])
  })

  it("is scheduled and seen only with the resource's permissions, row by row", async () => {
    const id = await video(true)
    const post = (await api('/api/posts', 'POST', { title: 'Seen', content: '' })).body.data
    const onVideo = await schedule({
      resource: 'videos',
      record_id: id,
      action: 'take_down',
      run_at: later(),
      reason: 'r',
    })
    const onPost = await schedule({
      resource: 'posts',
      record_id: post.id,
      action: 'take_down',
      run_at: later(),
      reason: 'r',
    })
    // Lists videos but may not edit them: neither schedules nor sees a video's schedules.
    const reader = await t.createAdmin(['list-videos', 'list-posts', 'edit-posts', 'unpublish-posts'])
    const body = { resource: 'videos', record_id: id, action: 'publish', run_at: later() }
    expect((await as(reader, '/api/scheduled-changes', 'POST', body)).status).toBe(403)
    expect((await as(reader, `/api/scheduled-changes/${onVideo.id}`)).status).toBe(404)
    expect((await as(reader, `/api/scheduled-changes/${onVideo.id}/cancel`, 'POST')).status).toBe(404)
    expect(
      (await as(reader, `/api/scheduled-changes/${onVideo.id}`, 'PUT', { run_at: later() })).status,
    ).toBe(404)
    const seen = (await as(reader, '/api/scheduled-changes')).body.data.map((row: Json) => row.id)
    expect(seen).toContain(onPost.id)
    expect(seen).not.toContain(onVideo.id)
    // Edits videos but may not unpublish them: no take-down scheduled, nor a publish turned into one.
    const editor = await t.createAdmin(['list-videos', 'edit-videos', 'publish-videos'])
    expect(
      (await as(editor, '/api/scheduled-changes', 'POST', { ...body, action: 'take_down', reason: 'r' }))
        .status,
    ).toBe(403)
    const mine = await schedule(body, editor)
    expect(
      (await as(editor, `/api/scheduled-changes/${mine.id}`, 'PUT', { action: 'take_down', reason: 'r' }))
        .status,
    ).toBe(403)
    // The notice is its scheduler's to mark seen.
    expect((await api(`/api/scheduled-changes/${mine.id}/seen`, 'POST')).status).toBe(403)
    // Nobody logged out sees any.
    expect((await t.request('/api/scheduled-changes')).status).toBe(401)
  })

  it('fails at its time a change its scheduler may no longer make', async () => {
    const id = await video(true)
    const scheduler = await t.createAdmin(['list-videos', 'edit-videos', 'unpublish-videos'])
    const change = await schedule(
      { resource: 'videos', record_id: id, action: 'take_down', run_at: later(), reason: 'r' },
      scheduler,
    )
    const failed = await failsOnceDisabled(scheduler, change)
    expect(failed?.result?.en).toBe('The admin who scheduled it is disabled.')
    expect((await api(`/api/videos/${id}`)).body.data.status).toBe('published')
  })

  it('runs at start, at once and marked late, a change whose time passed while no server was up', async () => {
    let missed = 0
    let record = 0
    const started = await startTestApp(engine, {
      env,
      beforeListen: async (_app, db) => {
        const [owner] = await db
          .select({ id: admins.id })
          .from(admins)
          .where(eq(admins.username, SUPER_USERNAME))
        const [row] = await db
          .insert(videos)
          .values({ title: 'Missed', serialNumber: 'MISSED-1', status: 'published', publishedAt: new Date() })
          .returning({ id: videos.id })
        record = row?.id as number
        const [change] = await db
          .insert(scheduledChanges)
          .values({
            resource: 'videos',
            recordId: record,
            action: 'take_down',
            reason: 'Window closed',
            runAt: new Date(Date.now() - 3_600_000),
            createdBy: owner?.id as number,
          })
          .returning({ id: scheduledChanges.id })
        missed = change?.id as number
      },
    })
    try {
      const superToken = await started.superToken()
      const row = await until(
        'the missed change to run',
        async () =>
          (await started.request(`/api/scheduled-changes/${missed}`, { token: superToken })).body.data,
        (data) => data.state !== 'pending',
      )
      expect(row).toMatchObject({ state: 'done', late: 1 })
      expect(row.result.en).toContain('ran as soon as one started')
      const video = (await started.request(`/api/videos/${record}`, { token: superToken })).body.data
      expect(video.status).toBe('draft')
      const [entry] = (
        await started.request(`/api/audit-logs?resource=videos&record_id=${record}&action=unpublish`, {
          token: superToken,
        })
      ).body.data
      expect(entry.changes.scheduled).toEqual({ id: missed, late: true })
    } finally {
      await started.close()
    }
  })
})

describeOnPostgres('scheduled changes with two server processes', () => {
  let t: TestApp
  let second: Awaited<ReturnType<typeof startSecondServer>>
  beforeAll(async () => {
    t = await startTestApp('postgres', { env })
    second = await startSecondServer(t)
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  it('runs each due change once, whichever process claims it', async () => {
    const token = await t.superToken()
    const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
    const runAt = soon(500)
    const changes: number[] = []
    const records: number[] = []
    for (let i = 0; i < 8; i++) {
      const { id } = (await api('/api/videos', 'POST', { title: 'Twice?', serial_number: `TWO-${i}` })).body
        .data
      records.push(id)
      changes.push(
        (
          await api('/api/scheduled-changes', 'POST', {
            resource: 'videos',
            record_id: id,
            action: 'publish',
            run_at: runAt,
          })
        ).body.data.id,
      )
    }
    const rows = await until(
      'every change to run',
      async () => (await api('/api/scheduled-changes?state=pending&resource=videos')).body.data as Json[],
      (pending) => pending.length === 0,
    )
    expect(rows).toEqual([])
    for (const [i, id] of changes.entries()) {
      const row = (await api(`/api/scheduled-changes/${id}`)).body.data
      expect(row).toMatchObject({ state: 'done', late: 0 })
      const publishes = (await api(`/api/audit-logs?resource=videos&record_id=${records[i]}&action=publish`))
        .body.data
      expect(publishes).toHaveLength(1)
      const runs = (await api(`/api/audit-logs?resource=scheduled-changes&record_id=${id}&action=run`)).body
        .data
      expect(runs).toHaveLength(1)
    }
  })
})

describeOnPostgres('a scheduled change whose process is killed at its time', () => {
  let t: TestApp
  const servers: RunningServer[] = []
  beforeAll(async () => {
    const keys = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    }
    // This process only asks: its runner's one pass is at its start, before the change is made.
    t = await startTestApp('postgres', { env: { ...keys, SCHEDULED_CHANGES_INTERVAL_MS: '3600000' } })
    // Two processes that run changes, each named on its connections so the test can tell whose waits.
    for (const name of ['vod-runner-a', 'vod-runner-b'])
      servers.push(
        await startServer({
          ...keys,
          ...env,
          DATABASE_URL: `${t.testDatabase.url}?application_name=${name}`,
          SEED_DEMO: '0',
        }),
      )
  }, scaled(240_000))
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await t?.close()
  })

  it('is made once by the other process when the one making it is killed mid-change', async () => {
    const token = await t.superToken()
    const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
    const { id } = (await api('/api/videos', 'POST', { title: 'Killed', serial_number: 'KILL-1' })).body.data
    expect((await api(`/api/videos/${id}/publish`, 'POST')).status).toBe(200)
    // The video is held, so whichever process claims the change waits inside its transaction on the video.
    const holder = new pg.Client({ connectionString: t.testDatabase.url as string })
    await holder.connect()
    try {
      await holder.query('begin')
      await holder.query('select 1 from videos where id = $1 for update', [id])
      const change = (
        await api('/api/scheduled-changes', 'POST', {
          resource: 'videos',
          record_id: id,
          action: 'take_down',
          reason: 'Licence ends',
          run_at: soon(),
        })
      ).body.data
      const [waiting] = await until(
        'a process to claim the change and wait on the video',
        async () =>
          (
            await holder.query<{ application_name: string }>(
              `select application_name from pg_stat_activity
               where application_name like 'vod-runner-%' and wait_event_type = 'Lock'`,
            )
          ).rows,
        (rows) => rows.length === 1,
      )
      const killed = servers[waiting?.application_name === 'vod-runner-a' ? 0 : 1] as RunningServer
      process.kill(killed.pid, 'SIGKILL')
      await until(
        'the killed process to be gone',
        async () => killed.alive(),
        (alive) => !alive,
      )
      await holder.query('rollback')

      const row = await until(
        'the change to be made',
        async () => (await api(`/api/scheduled-changes/${change.id}`)).body.data,
        (data) => data.state !== 'pending',
      )
      expect(row).toMatchObject({ state: 'done', late: 0 })
      expect((await api(`/api/videos/${id}`)).body.data.status).toBe('draft')
      const trail = async (resource: string, record: number, action: string) =>
        (await api(`/api/audit-logs?resource=${resource}&record_id=${record}&action=${action}`)).body.data
      expect(await trail('videos', id, 'unpublish')).toHaveLength(1)
      expect(await trail('scheduled-changes', change.id, 'run')).toHaveLength(1)
      expect(servers.filter((server) => server.alive())).toHaveLength(1)
    } finally {
      await holder.end()
    }
  })
})
