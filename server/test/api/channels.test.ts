import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

const baseChannel = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'brand',
  utm_term: null,
  utm_content: null,
  utm_id: 'g-1',
  type: 'advertising',
  profit_sharing: '12.5',
  disabled: 0,
}

const baseCampaign = {
  name: 'Spring sale',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring',
  utm_term: null,
  utm_content: null,
  landing_url: 'https://example.com/spring',
  started_on: '2026-03-01',
  ended_on: '2026-03-31',
  budget: '1000.10',
}

describeEachEngine('channels', (engine) => {
  let t: TestApp
  let token: string
  let seq = 0
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const createChannel = async (body: Record<string, unknown> = {}) => {
    const res = await api('/api/channels', {
      method: 'POST',
      body: { ...baseChannel, utm_source: `source${++seq}`, ...body },
    })
    if (res.status !== 201) throw new Error(`channel: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }
  const addCampaign = async (channelId: number, body: Record<string, unknown> = {}) => {
    const res = await api(`/api/channels/${channelId}/campaigns`, {
      method: 'POST',
      body: { ...baseCampaign, ...body },
    })
    if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('channels', () => {
    it('creates, shows, lists, updates and deletes a channel, profit sharing exact', async () => {
      const created = await api('/api/channels', { method: 'POST', body: baseChannel })
      expect(created.status).toBe(201)
      const channel = created.body.data
      expect(channel).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        ...baseChannel,
        profit_sharing: '12.50',
        status: 'active',
        campaigns_count: 0,
        admin_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api(`/api/channels/${channel.id}`)).body).toEqual({ data: channel })

      const changed = await api(`/api/channels/${channel.id}`, {
        method: 'PUT',
        body: { profit_sharing: '33.33', utm_medium: '', disabled: 1 },
      })
      expect(changed.status).toBe(200)
      expect(changed.body.data).toMatchObject({
        profit_sharing: '33.33',
        utm_medium: null,
        disabled: 1,
        utm_source: 'google',
      })
      const hundred = await api(`/api/channels/${channel.id}`, {
        method: 'PUT',
        body: { profit_sharing: '100.00' },
      })
      expect(hundred.body.data.profit_sharing).toBe('100.00')

      expect((await api(`/api/channels/${channel.id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/channels/${channel.id}`)).status).toBe(404)
    })

    it('refuses profit sharing out of 0..100 or past two places, and a missing source, with 422', async () => {
      for (const profit_sharing of ['100.01', '101', '-1', '12.345', 'abc', '1e2']) {
        const res = await api('/api/channels', { method: 'POST', body: { ...baseChannel, profit_sharing } })
        expect(res.status, profit_sharing).toBe(422)
        expect(Object.keys(res.body.errors)).toEqual(['profit_sharing'])
      }
      const zero = await createChannel({ profit_sharing: '0' })
      expect(zero.profit_sharing).toBe('0.00')
      const bad = await api('/api/channels', {
        method: 'POST',
        body: { ...baseChannel, utm_source: ' ', type: 'tv' },
      })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['type', 'utm_source'])
      expect((await api('/api/channels/999999')).status).toBe(404)
    })

    it('filters by type, status and disabled, finds by any UTM value and sorts by counts', async () => {
      const a = await createChannel({ type: 'social', utm_term: 'zebra-term', disabled: 1 })
      const b = await createChannel({ type: 'email', utm_content: 'zebra-content' })
      await addCampaign(b.id)
      const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((c) => c.id)
      expect(ids(await api('/api/channels?keyword=zebra&sort=id'))).toEqual([a.id, b.id])
      expect(ids(await api('/api/channels?keyword=zebra&type=email'))).toEqual([b.id])
      expect(ids(await api('/api/channels?keyword=zebra&disabled=1'))).toEqual([a.id])
      expect(ids(await api('/api/channels?keyword=zebra&sort=-campaigns_count'))).toEqual([b.id, a.id])
      expect(ids(await api('/api/channels?keyword=zebra&status=archived'))).toEqual([])
      expect((await api('/api/channels?type=tv')).status).toBe(422)
    })

    it('archives and recovers, 409 when the state does not allow it', async () => {
      const channel = await createChannel()
      expect((await api(`/api/channels/${channel.id}/recover`, { method: 'POST' })).status).toBe(409)
      const archived = await api(`/api/channels/${channel.id}/archive`, { method: 'POST' })
      expect(archived.status).toBe(200)
      expect((await api(`/api/channels/${channel.id}`)).body.data.status).toBe('archived')
      const again = await api(`/api/channels/${channel.id}/archive`, { method: 'POST' })
      expect(again.status).toBe(409)
      expect(again.body.message).toBe('This channel is already archived.')
      expect((await api(`/api/channels/${channel.id}/recover`, { method: 'POST' })).status).toBe(200)
      expect((await api(`/api/channels/${channel.id}`)).body.data.status).toBe('active')
      expect((await api('/api/channels/999999/archive', { method: 'POST' })).status).toBe(404)
    })

    it('refuses to delete a channel members come from (409) and deletes it once free', async () => {
      const channel = await createChannel()
      await addCampaign(channel.id)
      const [member] = await t.db
        .insert(users)
        .values({ username: `from-channel-${channel.id}`, channelId: channel.id })
        .returning({ id: users.id })
      const refused = await api(`/api/channels/${channel.id}`, { method: 'DELETE' })
      expect(refused.status).toBe(409)
      expect((await api(`/api/channels/${channel.id}`)).status).toBe(200)
      await t.db.delete(users).where(eq(users.id, member?.id as number))
      expect((await api(`/api/channels/${channel.id}`, { method: 'DELETE' })).status).toBe(204)
    })
  })

  describe('campaigns', () => {
    it('adds, lists, updates and deletes campaigns under a channel, counted on the channel', async () => {
      const channel = await createChannel()
      const first = await addCampaign(channel.id)
      expect(first).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        channel_id: channel.id,
        ...baseCampaign,
        position: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      const second = await addCampaign(channel.id, { name: 'Summer', budget: null, landing_url: '' })
      expect(second).toMatchObject({ position: 2, budget: null, landing_url: null })
      const listed = await api(`/api/channels/${channel.id}/campaigns`)
      expect(listed.body.data.map((c: { id: number }) => c.id)).toEqual([first.id, second.id])
      expect(listed.body.meta.total).toBe(2)
      expect((await api(`/api/channels/${channel.id}`)).body.data.campaigns_count).toBe(2)
      expect((await api(`/api/channels/${channel.id}/campaigns/${first.id}`)).body).toEqual({ data: first })

      const updated = await api(`/api/channels/${channel.id}/campaigns/${first.id}`, {
        method: 'PUT',
        body: { budget: '0.5', ended_on: '2026-03-01' },
      })
      expect(updated.status).toBe(200)
      expect(updated.body.data).toMatchObject({ budget: '0.50', ended_on: '2026-03-01', name: 'Spring sale' })

      expect(
        (await api(`/api/channels/${channel.id}/campaigns/${first.id}`, { method: 'DELETE' })).status,
      ).toBe(204)
      expect((await api(`/api/channels/${channel.id}`)).body.data.campaigns_count).toBe(1)
      const other = await createChannel()
      expect(
        (
          await api(`/api/channels/${other.id}/campaigns/${second.id}`, {
            method: 'PUT',
            body: { name: 'x' },
          })
        ).status,
      ).toBe(404)
      expect(
        (await api(`/api/channels/${other.id}/campaigns/${second.id}`, { method: 'DELETE' })).status,
      ).toBe(404)
      expect((await api('/api/channels/999999/campaigns')).status).toBe(404)
      expect((await api(`/api/channels/${other.id}/campaigns/${second.id}`)).status).toBe(404)
      expect((await api(`/api/channels/999999/campaigns/${second.id}`)).status).toBe(404)
    })

    it('refuses an end before the start (also against the stored start) with 422 on ended_on', async () => {
      const channel = await createChannel()
      const reversed = await api(`/api/channels/${channel.id}/campaigns`, {
        method: 'POST',
        body: { ...baseCampaign, started_on: '2026-04-02', ended_on: '2026-04-01' },
      })
      expect(reversed.status).toBe(422)
      expect(Object.keys(reversed.body.errors)).toEqual(['ended_on'])
      const campaign = await addCampaign(channel.id)
      const early = await api(`/api/channels/${channel.id}/campaigns/${campaign.id}`, {
        method: 'PUT',
        body: { ended_on: '2026-02-28' },
      })
      expect(early.status).toBe(422)
      expect(Object.keys(early.body.errors)).toEqual(['ended_on'])
      const notADay = await api(`/api/channels/${channel.id}/campaigns/${campaign.id}`, {
        method: 'PUT',
        body: { started_on: '2026-02-30' },
      })
      expect(notADay.status).toBe(422)
    })

    it('takes http(s) landing URLs only and an exact budget, 422 otherwise', async () => {
      const channel = await createChannel()
      for (const landing_url of ['ftp://example.com/a', 'javascript:alert(1)', 'example.com', 'https://']) {
        const res = await api(`/api/channels/${channel.id}/campaigns`, {
          method: 'POST',
          body: { ...baseCampaign, landing_url },
        })
        expect(res.status, landing_url).toBe(422)
        expect(Object.keys(res.body.errors)).toEqual(['landing_url'])
      }
      for (const budget of ['-1', '1.001', '1e3']) {
        const res = await api(`/api/channels/${channel.id}/campaigns`, {
          method: 'POST',
          body: { ...baseCampaign, budget },
        })
        expect(res.status, budget).toBe(422)
        expect(Object.keys(res.body.errors)).toEqual(['budget'])
      }
      const http = await addCampaign(channel.id, {
        landing_url: 'http://example.com',
        budget: '9999999999.99',
      })
      expect(http).toMatchObject({ landing_url: 'http://example.com', budget: '9999999999.99' })
    })
  })

  describe('channel admins', () => {
    it('adds (idempotently), lists with username and name, and removes admins', async () => {
      const channel = await createChannel()
      const watcher = await t.createAdmin(['list-channels'], { username: `watcher${channel.id}` })
      const other = await t.createAdmin(['list-tags'], { username: `other${channel.id}` })
      const addedBy = (adminId: number) =>
        api(`/api/channels/${channel.id}/admins`, { method: 'POST', body: { admin_id: adminId } })
      const first = await addedBy(watcher.id)
      expect(first.status).toBe(200)
      expect(first.body.data.admin_count).toBe(1)
      expect((await addedBy(watcher.id)).body.data.admin_count).toBe(1)
      expect((await addedBy(other.id)).body.data.admin_count).toBe(2)
      const listed = await api(`/api/channels/${channel.id}/admins`)
      expect(listed.status).toBe(200)
      expect(listed.body.data).toContainEqual({
        id: watcher.id,
        username: `watcher${channel.id}`,
        name: expect.any(String),
        added_at: expect.any(String),
      })
      expect(listed.body.meta.total).toBe(2)

      const unknown = await addedBy(999999)
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors)).toEqual(['admin_id'])
      expect((await api(`/api/channels/${channel.id}/admins`, { method: 'POST', body: {} })).status).toBe(422)

      const removed = await api(`/api/channels/${channel.id}/admins/${watcher.id}`, { method: 'DELETE' })
      expect(removed.status).toBe(204)
      expect(
        (await api(`/api/channels/${channel.id}/admins/${watcher.id}`, { method: 'DELETE' })).status,
      ).toBe(404)
      const after = await api(`/api/channels/${channel.id}/admins`)
      expect(after.body.data.map((a: { id: number }) => a.id)).toEqual([other.id])
      expect((await api(`/api/channels/${channel.id}`)).body.data.admin_count).toBe(1)
    })
    it('adds only the caller itself or, with list-admins, an admin it may manage; missing and not-yours answer alike', async () => {
      const channel = await createChannel()
      const base = `/api/channels/${channel.id}/admins`
      const add = (who: { token: string }, adminId: number) =>
        t
          .request(base, { token: who.token, method: 'POST', body: { admin_id: adminId } })
          .then(({ status, body }) => ({ status, body }))
      const editor = await t.createAdmin(['edit-channels', 'list-channels', 'all-channels'])
      const picker = await t.createAdmin(['edit-channels', 'list-channels', 'list-admins', 'all-channels'])
      const weaker = await t.createAdmin(['list-channels', 'all-channels'])
      const stronger = await t.createAdmin(['list-channels', 'delete-admins', 'all-channels'])
      const [superAdmin] = (await api('/api/admins?keyword=admin&per_page=100')).body.data.filter(
        (a: { username: string }) => a.username === 'admin',
      )
      const missing = await add(editor, 999999)
      expect(missing.status).toBe(422)
      // Without list-admins, an existing admin reads exactly as a missing one.
      for (const id of [weaker.id, superAdmin.id]) expect(await add(editor, id)).toEqual(missing)
      expect((await add(editor, editor.id)).status).toBe(200)

      const pickerMissing = await add(picker, 999999)
      expect(pickerMissing).toEqual(missing)
      expect((await add(picker, weaker.id)).status).toBe(200)
      // Never a stronger admin nor the super-admin through a weaker caller.
      for (const id of [stronger.id, superAdmin.id]) expect(await add(picker, id)).toEqual(missing)
      const listed = await api(base)
      expect(listed.body.data.map((a: { id: number }) => a.id).sort()).toEqual([editor.id, weaker.id].sort())
    })
  })

  describe('permissions', () => {
    it('puts every route behind its own permission', async () => {
      const channel = await createChannel()
      const campaign = await addCampaign(channel.id)
      const as = (who: { token: string }, path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: who.token, method, body }).then((res) => res.status)
      const none = await t.createAdmin(['list-tags'])
      const reader = await t.createAdmin(['list-channels', 'all-channels'])
      const base = `/api/channels/${channel.id}`
      expect(await as(none, '/api/channels')).toBe(403)
      expect(await as(none, base)).toBe(403)
      expect(await as(none, `${base}/admins`)).toBe(403)
      expect(await as(reader, '/api/channels')).toBe(200)
      expect(await as(reader, `${base}/admins`)).toBe(200)
      expect(await as(reader, '/api/channels', 'POST', baseChannel)).toBe(403)
      expect(await as(reader, base, 'PUT', { utm_id: 'x' })).toBe(403)
      expect(await as(reader, base, 'DELETE')).toBe(403)
      expect(await as(reader, `${base}/archive`, 'POST')).toBe(403)
      expect(await as(reader, `${base}/recover`, 'POST')).toBe(403)
      expect(await as(reader, `${base}/admins`, 'POST', { admin_id: 1 })).toBe(403)
      expect(await as(reader, `${base}/admins/1`, 'DELETE')).toBe(403)
      // Campaigns have their own permissions.
      expect(await as(reader, `${base}/campaigns`)).toBe(403)
      const planner = await t.createAdmin(['list-campaigns', 'all-channels'])
      expect(await as(planner, `${base}/campaigns`)).toBe(200)
      expect(await as(planner, `${base}/campaigns/${campaign.id}`)).toBe(200)
      expect(await as(reader, `${base}/campaigns/${campaign.id}`)).toBe(403)
      expect(await as(planner, `${base}/campaigns`, 'POST', baseCampaign)).toBe(403)
      expect(await as(planner, `${base}/campaigns/${campaign.id}`, 'PUT', { name: 'x' })).toBe(403)
      expect(await as(planner, `${base}/campaigns/${campaign.id}`, 'DELETE')).toBe(403)

      const creator = await t.createAdmin(['create-channels', 'create-campaigns', 'all-channels'])
      expect(await as(creator, '/api/channels', 'POST', { ...baseChannel, utm_source: 'perm' })).toBe(201)
      expect(await as(creator, `${base}/campaigns`, 'POST', baseCampaign)).toBe(201)
      const editor = await t.createAdmin([
        'edit-channels',
        'edit-campaigns',
        'delete-campaigns',
        'all-channels',
      ])
      expect(await as(editor, base, 'PUT', { utm_id: 'x' })).toBe(200)
      expect(await as(editor, `${base}/admins`, 'POST', { admin_id: editor.id })).toBe(200)
      expect(await as(editor, `${base}/admins/${editor.id}`, 'DELETE')).toBe(204)
      expect(await as(editor, `${base}/campaigns/${campaign.id}`, 'PUT', { name: 'x' })).toBe(200)
      expect(await as(editor, `${base}/campaigns/${campaign.id}`, 'DELETE')).toBe(204)
      expect(await as(editor, `${base}/archive`, 'POST')).toBe(403)
      const archiver = await t.createAdmin(['archive-channels', 'recover-channels', 'all-channels'])
      expect(await as(archiver, `${base}/archive`, 'POST')).toBe(200)
      expect(await as(archiver, `${base}/recover`, 'POST')).toBe(200)
      const deleter = await t.createAdmin(['delete-channels', 'all-channels'])
      expect(await as(deleter, base, 'DELETE')).toBe(204)
    })
  })
})
