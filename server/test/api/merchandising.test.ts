import { advertisementPositions } from '@vod/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('merchandising', (engine) => {
  let t: TestApp
  let token: string
  let seq = 0
  const api = (path: string, method = 'GET', body?: Json, as = token) =>
    t.request(path, { token: as, method, body })
  const created = async (path: string, body: Json) => {
    const res = await api(path, 'POST', body)
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }
  const video = (extra: Json = {}) =>
    created('/api/videos', { title: `Video ${++seq}`, serial_number: `MER-${seq}`, ...extra })
  const titles = (rows: Json[]) => rows.map((row) => row.title)
  let topAd: number
  let sideAd: number

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    // Advertisement slots come with the product (bootstrap), never through the API.
    const slots = (await api('/api/advertisements?per_page=100')).body.data as Json[]
    const slot = (position: string) => slots.find((ad) => ad.position === position)?.id as number
    topAd = slot('home_top')
    sideAd = slot('video_sidebar')
    await api(`/api/advertisements/${topAd}`, 'PUT', { name: 'Top slot', cta_position: 'left' })
    await api(`/api/advertisements/${sideAd}`, 'PUT', { name: 'Sidebar slot', cta_position: 'center' })
  })
  afterAll(() => t?.close())

  describe('blocks', () => {
    it('creates, shows, lists, updates and deletes a block, its advertisement named', async () => {
      const block = await created('/api/blocks', {
        title: 'Featured',
        description: 'This week',
        is_box: 1,
        sort: 5,
        advertisement_id: topAd,
        image: '/uploads/images/demo/a.png',
        link: 'https://example.com/featured',
      })
      expect(block).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        title: 'Featured',
        description: 'This week',
        type: 'videos',
        page: 'home',
        is_box: 1,
        sort: 5,
        advertisement_id: topAd,
        advertisement_name: 'Top slot',
        image: '/uploads/images/demo/a.png',
        mobile_image: null,
        link: 'https://example.com/featured',
        videos_count: 0,
        expired_at: null,
        expired: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api(`/api/blocks/${block.id}`)).body).toEqual({ data: block })
      const changed = await api(`/api/blocks/${block.id}`, 'PUT', { page: 'videos', description: '' })
      expect(changed.body.data).toMatchObject({ page: 'videos', description: null, title: 'Featured' })
      expect((await api(`/api/blocks?on_page=videos&is_box=1`)).body.data.map((b: Json) => b.id)).toEqual([
        block.id,
      ])
      expect((await api(`/api/blocks?advertisement_id=${topAd}&keyword=featu`)).body.meta.total).toBe(1)
      expect((await api(`/api/blocks/${block.id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/blocks/${block.id}`)).status).toBe(404)
    })

    it('lists blocks by page in sort order, and refuses bad values on their fields', async () => {
      await created('/api/blocks', { title: 'Second row', sort: 20, page: 'models' })
      await created('/api/blocks', { title: 'First row', sort: 10, page: 'models' })
      expect(titles((await api('/api/blocks?on_page=models')).body.data)).toEqual(['First row', 'Second row'])
      expect(titles((await api('/api/blocks?on_page=models&sort=-sort')).body.data)).toEqual([
        'Second row',
        'First row',
      ])
      const bad = await api('/api/blocks', 'POST', {
        title: '',
        type: 'carousel',
        link: 'javascript:alert(1)',
        advertisement_id: 999_999,
      })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['link', 'title', 'type'])
      const unknownAd = await api('/api/blocks', 'POST', { title: 'Ad', advertisement_id: 999_999 })
      expect(unknownAd.status).toBe(422)
      expect(Object.keys(unknownAd.body.errors)).toEqual(['advertisement_id'])
      expect((await api('/api/blocks?on_page=moon')).status).toBe(422)
    })

    it('shows a block until expired_at, as a banner: marked, filtered, sorted and ranged by it, checked', async () => {
      const past = await created('/api/blocks', {
        title: 'Season one',
        page: 'models',
        expired_at: '2020-01-01T00:00:00Z',
      })
      const coming = await created('/api/blocks', {
        title: 'Season two',
        page: 'models',
        expired_at: '2099-01-01T08:00:00+08:00',
      })
      const open = await created('/api/blocks', { title: 'Always on', page: 'models' })
      expect(past).toMatchObject({ expired_at: '2020-01-01T00:00:00.000Z', expired: 1 })
      expect(coming).toMatchObject({ expired_at: '2099-01-01T00:00:00.000Z', expired: 0 })
      expect(open).toMatchObject({ expired_at: null, expired: 0 })
      const listed = async (keyword: string, query: string) =>
        titles((await api(`/api/blocks?on_page=models&keyword=${keyword}${query}`)).body.data)
      expect(await listed('season', '&expired=1')).toEqual(['Season one'])
      expect(await listed('season', '&expired=0')).toEqual(['Season two'])
      expect(await listed('season', '&sort=-expired_at')).toEqual(['Season two', 'Season one'])
      expect(await listed('season', '&expired_at_from=2021-01-01&expired_at_to=2099-12-31')).toEqual([
        'Season two',
      ])
      // Taken down by hand at a moment, published again with null: the PUT a scheduled change makes.
      const down = await api(`/api/blocks/${open.id}`, 'PUT', { expired_at: '2021-06-01T00:00:00Z' })
      expect(down.body.data).toMatchObject({ expired: 1, title: 'Always on' })
      const up = await api(`/api/blocks/${open.id}`, 'PUT', { expired_at: null })
      expect(up.body.data).toMatchObject({ expired_at: null, expired: 0 })
      const bad = await api('/api/blocks', 'POST', { title: 'Bad', expired_at: 'next winter' })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors)).toEqual(['expired_at'])
      const noZone = await api(`/api/blocks/${open.id}`, 'PUT', { expired_at: '2099-01-01T00:00:00' })
      expect(noZone.status).toBe(422)
      expect(Object.keys(noZone.body.errors)).toEqual(['expired_at'])
      // `expired` is the server's to say, never written.
      await api(`/api/blocks/${open.id}`, 'PUT', { expired: 1 })
      expect((await api(`/api/blocks/${open.id}`)).body.data.expired).toBe(0)
      expect((await api('/api/blocks?expired=yes')).status).toBe(422)
    })

    it('adds videos in order, presents each as the block says, reorders and removes them', async () => {
      const block = await created('/api/blocks', { title: 'Row of videos' })
      const [a, b, c] = [
        await video({ is_free: 1 }),
        await video(),
        await video({ published_at: '2026-11-01T00:00:00Z' }),
      ]
      const added = await api(`/api/blocks/${block.id}/videos`, 'POST', { ids: [b.id, a.id] })
      expect(added.status).toBe(201)
      expect(added.body.data.map((v: Json) => [v.id, v.position])).toEqual([
        [b.id, 1],
        [a.id, 2],
      ])
      // Already there: stays where it is; new ones go after.
      await api(`/api/blocks/${block.id}/videos`, 'POST', { ids: [a.id, c.id] })
      const listed = await api(`/api/blocks/${block.id}/videos`)
      expect(listed.status).toBe(200)
      expect(listed.body.data.map((v: Json) => v.id)).toEqual([b.id, a.id, c.id])
      expect(listed.body.data[1]).toEqual({
        id: a.id,
        cover: null,
        title: a.title,
        serial_number: a.serial_number,
        is_free: 1,
        status: 'draft',
        published_at: null,
        name: null,
        gender: 'all',
        is_popular: 0,
        position: 2,
      })
      expect((await api(`/api/blocks/${block.id}`)).body.data.videos_count).toBe(3)

      const styled = await api(`/api/blocks/${block.id}/videos/${c.id}`, 'PUT', {
        name: 'Tonight only',
        gender: 'female',
        is_popular: 1,
      })
      expect(styled.body.data).toMatchObject({
        id: c.id,
        name: 'Tonight only',
        gender: 'female',
        is_popular: 1,
      })
      expect((await api(`/api/blocks/${block.id}/videos/${c.id}`, 'PUT', { gender: 'robot' })).status).toBe(
        422,
      )
      expect(
        (await api(`/api/blocks/${block.id}/videos/${a.id + 100_000}`, 'PUT', { name: 'x' })).status,
      ).toBe(404)
      const popular = await api(`/api/blocks/${block.id}/videos?is_popular=1&gender=female`)
      expect(popular.body.data.map((v: Json) => v.id)).toEqual([c.id])

      const reordered = await api(`/api/blocks/${block.id}/videos/reorder`, 'POST', {
        ids: [c.id, a.id, b.id],
      })
      expect(reordered.body.data.map((v: Json) => [v.id, v.position])).toEqual([
        [c.id, 1],
        [a.id, 2],
        [b.id, 3],
      ])
      const partial = await api(`/api/blocks/${block.id}/videos/reorder`, 'POST', { ids: [c.id, a.id] })
      expect(partial.status).toBe(422)
      expect(Object.keys(partial.body.errors)).toEqual(['ids'])

      // A video a block holds is not deleted from under it.
      const held = await api(`/api/videos/${a.id}`, 'DELETE')
      expect(held.status).toBe(409)
      expect(held.body.message).toMatch(/block/i)
      expect((await api(`/api/blocks/${block.id}/videos/${a.id}`, 'DELETE')).status).toBe(204)
      const after = await api(`/api/blocks/${block.id}/videos`)
      expect(after.body.data.map((v: Json) => [v.id, v.position])).toEqual([
        [c.id, 1],
        [b.id, 2],
      ])
      expect((await api(`/api/videos/${a.id}`, 'DELETE')).status).toBe(204)
      const unknown = await api(`/api/blocks/${block.id}/videos`, 'POST', { ids: [999_999] })
      expect(unknown.status).toBe(422)
      expect((await api(`/api/blocks/999999/videos`)).status).toBe(404)

      const trail = await api(`/api/audit-logs?resource=blocks&record_id=${block.id}`)
      expect(trail.body.data.map((entry: Json) => entry.action)).toEqual(
        expect.arrayContaining(['add-videos', 'update-videos', 'reorder-videos', 'remove-videos']),
      )
    })

    it('sets its photos and its advertisement through their own calls', async () => {
      const block = await created('/api/blocks', { title: 'Photo block', type: 'image' })
      const photos = await api(`/api/blocks/${block.id}/photos`, 'POST', {
        image: '/uploads/images/demo/wide.png',
        mobile_image: 'https://cdn.example.com/narrow.png',
      })
      expect(photos.status).toBe(200)
      expect(photos.body.data).toMatchObject({
        image: '/uploads/images/demo/wide.png',
        mobile_image: 'https://cdn.example.com/narrow.png',
      })
      const cleared = await api(`/api/blocks/${block.id}/photos`, 'POST', { mobile_image: null })
      expect(cleared.body.data).toMatchObject({ image: '/uploads/images/demo/wide.png', mobile_image: null })
      expect((await api(`/api/blocks/${block.id}/photos`, 'POST', {})).status).toBe(422)
      const notMedia = await api(`/api/blocks/${block.id}/photos`, 'POST', { image: 'ftp://x/y.png' })
      expect(notMedia.status).toBe(422)
      expect(Object.keys(notMedia.body.errors)).toEqual(['image'])

      const ad = await api(`/api/blocks/${block.id}/advertisements`, 'POST', { advertisement_id: sideAd })
      expect(ad.body.data).toMatchObject({ advertisement_id: sideAd, advertisement_name: 'Sidebar slot' })
      const missing = await api(`/api/blocks/${block.id}/advertisements`, 'POST', {
        advertisement_id: 999_999,
      })
      expect(missing.status).toBe(422)
      expect(Object.keys(missing.body.errors)).toEqual(['advertisement_id'])
      const none = await api(`/api/blocks/${block.id}/advertisements`, 'POST', { advertisement_id: null })
      expect(none.body.data).toMatchObject({ advertisement_id: null, advertisement_name: null })
      expect((await api('/api/blocks/999999/photos', 'POST', { image: null })).status).toBe(404)
    })

    it('checks list-blocks for reading and edit-blocks for every change to a block or its videos', async () => {
      const block = await created('/api/blocks', { title: 'Guarded' })
      const v = await video()
      const reader = await t.createAdmin(['list-blocks'])
      expect((await api(`/api/blocks/${block.id}/videos`, 'GET', undefined, reader.token)).status).toBe(200)
      for (const [path, method, body] of [
        [`/api/blocks/${block.id}/videos`, 'POST', { ids: [v.id] }],
        [`/api/blocks/${block.id}/videos/reorder`, 'POST', { ids: [] }],
        [`/api/blocks/${block.id}/photos`, 'POST', { image: null }],
        [`/api/blocks/${block.id}/advertisements`, 'POST', { advertisement_id: null }],
        [`/api/blocks/${block.id}`, 'PUT', { title: 'x' }],
        [`/api/blocks/${block.id}`, 'PUT', { expired_at: null }],
        [`/api/blocks/${block.id}`, 'DELETE', undefined],
      ] as const)
        expect((await api(path, method, body, reader.token)).status, `${method} ${path}`).toBe(403)
    })
  })

  describe('banners', () => {
    const banner = {
      position: 'home_hero',
      name: 'Winter sale',
      title: 'Half price',
      subtitle: 'All plans',
      type: 'video',
      cta: 'Join now',
      image: '/uploads/images/demo/poster.png',
      mobile_image: '/uploads/images/demo/poster-m.png',
      video: '/uploads/videos/demo/loop.mp4',
      mobile_video: 'https://cdn.example.com/loop-m.mp4',
      link: 'https://example.com/sale',
      sort: 1,
      expired_at: '2099-01-01T00:00:00Z',
    }

    it('creates, shows, updates and deletes a banner; clicks are the member site’s to count', async () => {
      const made = await created('/api/banners', { ...banner, clicks: 50 })
      expect(made).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        ...banner,
        expired_at: '2099-01-01T00:00:00.000Z',
        clicks: 0,
        expired: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api(`/api/banners/${made.id}`)).body).toEqual({ data: made })
      const changed = await api(`/api/banners/${made.id}`, 'PUT', {
        link: 'mailto:sales@example.com',
        cta: '',
      })
      expect(changed.body.data).toMatchObject({
        link: 'mailto:sales@example.com',
        cta: null,
        name: 'Winter sale',
      })
      expect((await api(`/api/banners/${made.id}`, 'PUT', { link: 'tel:+1 555 0100' })).status).toBe(200)
      expect((await api(`/api/banners/${made.id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/banners/${made.id}`)).status).toBe(404)
    })

    it('refuses a link that is not http(s), mailto or tel with 422 on link', async () => {
      for (const link of [
        'javascript:alert(1)',
        'ftp://files.example.com',
        '/videos',
        'https:',
        'mailto:nobody',
      ]) {
        const res = await api('/api/banners', 'POST', { ...banner, link })
        expect(res.status, link).toBe(422)
        expect(Object.keys(res.body.errors), link).toEqual(['link'])
      }
      const made = await created('/api/banners', { ...banner, name: 'Linked', link: null })
      const res = await api(`/api/banners/${made.id}`, 'PUT', { link: 'data:text/html,hi' })
      expect(res.status).toBe(422)
      expect(res.body.errors.link).toEqual([
        'The link field must be an http:// or https:// address, a mailto: or a tel: link.',
      ])
      const chinese = await t.request(`/api/banners/${made.id}`, {
        token,
        method: 'PUT',
        body: { link: 'data:text/html,hi' },
        headers: { 'Accept-Language': 'zh-CN' },
      })
      expect(chinese.body.errors.link[0]).toMatch(/mailto: 或 tel:/)
      const notVideo = await api('/api/banners', 'POST', { ...banner, video: 'loop.mp4' })
      expect(Object.keys(notVideo.body.errors)).toEqual(['video'])
    })

    it('marks expired banners and filters by it', async () => {
      const past = await created('/api/banners', {
        ...banner,
        name: 'Gone',
        position: 'sidebar',
        expired_at: '2020-01-01T00:00:00Z',
      })
      const open = await created('/api/banners', {
        ...banner,
        name: 'Forever',
        position: 'sidebar',
        expired_at: null,
      })
      expect(past.expired).toBe(1)
      expect(open.expired).toBe(0)
      const expired = await api('/api/banners?position=sidebar&expired=1')
      expect(expired.body.data.map((b: Json) => b.name)).toEqual(['Gone'])
      const live = await api('/api/banners?position=sidebar&expired=0')
      expect(live.body.data.map((b: Json) => b.name)).toEqual(['Forever'])
      expect((await api('/api/banners?keyword=gon')).body.data.map((b: Json) => b.name)).toEqual(['Gone'])
      expect((await api('/api/banners?expired=yes')).status).toBe(422)
    })
  })

  describe('advertisements', () => {
    it('lists, shows and edits the slots; none is created or deleted', async () => {
      const listed = await api('/api/advertisements')
      expect(listed.body.data.map((a: Json) => a.position)).toEqual([...advertisementPositions])
      const ad = listed.body.data.find((a: Json) => a.position === 'home_top')
      expect((await api(`/api/advertisements/${ad.id}`)).body).toEqual({ data: ad })
      const edited = await api(`/api/advertisements/${ad.id}`, 'PUT', {
        name: 'Top slot, winter',
        image: '/uploads/images/demo/ad.png',
        link: 'tel:+44 20 7946 0000',
        cta_position: 'right',
        position: 'home_bottom',
      })
      expect(edited.status).toBe(200)
      expect(edited.body.data).toMatchObject({
        name: 'Top slot, winter',
        image: '/uploads/images/demo/ad.png',
        link: 'tel:+44 20 7946 0000',
        cta_position: 'right',
        // The slot is where it is.
        position: 'home_top',
      })
      const bad = await api(`/api/advertisements/${ad.id}`, 'PUT', { link: 'ftp://x.y', cta_position: 'up' })
      expect(Object.keys(bad.body.errors).sort()).toEqual(['cta_position', 'link'])
      expect((await api('/api/advertisements', 'POST', { name: 'New', cta_position: 'left' })).status).toBe(
        404,
      )
      expect((await api(`/api/advertisements/${ad.id}`, 'DELETE')).status).toBe(404)
      const editor = await t.createAdmin(['list-advertisements'])
      const refused = await api(`/api/advertisements/${ad.id}`, 'PUT', { name: 'x' }, editor.token)
      expect(refused.status).toBe(403)
    })
  })

  describe('information pages', () => {
    it('cleans their rich text as posts’ is, keeps one page per type, and has no delete', async () => {
      const page = await created('/api/informations', {
        type: 'terms',
        title: 'Terms of use',
        content:
          '<h2>Terms</h2><p onclick="x()">Read <a href="https://example.com" target="_blank">these</a>.</p><script>alert(1)</script>',
      })
      expect(page).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        type: 'terms',
        title: 'Terms of use',
        content:
          '<h2>Terms</h2><p>Read <a href="https://example.com" target="_blank" rel="noopener noreferrer">these</a>.</p>',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api(`/api/informations/${page.id}`)).body).toEqual({ data: page })
      const edited = await api(`/api/informations/${page.id}`, 'PUT', {
        content: '<p>New</p><iframe src="https://evil.example"></iframe>',
      })
      expect(edited.body.data.content).toBe('<p>New</p>')
      const twice = await api('/api/informations', 'POST', { type: 'terms', title: 'Again' })
      expect(twice.status).toBe(422)
      expect(Object.keys(twice.body.errors)).toEqual(['type'])
      await created('/api/informations', { type: 'about', title: 'About us' })
      expect(titles((await api('/api/informations?type=about')).body.data)).toEqual(['About us'])
      expect((await api(`/api/informations/${page.id}`, 'DELETE')).status).toBe(404)
    })
  })

  describe('FAQ questions', () => {
    it('creates, lists in sort order, updates and deletes questions', async () => {
      const late = await created('/api/questions', {
        question: 'How do I cancel?',
        answer: 'Any time.',
        sort: 2,
      })
      const early = await created('/api/questions', { question: 'What is it?', answer: 'Films.', sort: 1 })
      expect(early).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        question: 'What is it?',
        answer: 'Films.',
        sort: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api('/api/questions')).body.data.map((q: Json) => q.id)).toEqual([early.id, late.id])
      expect((await api(`/api/questions/${early.id}`)).body).toEqual({ data: early })
      expect((await api('/api/questions?keyword=cancel')).body.data.map((q: Json) => q.id)).toEqual([late.id])
      const changed = await api(`/api/questions/${late.id}`, 'PUT', { sort: 0 })
      expect(changed.body.data).toMatchObject({ sort: 0, question: 'How do I cancel?' })
      expect((await api('/api/questions')).body.data.map((q: Json) => q.id)).toEqual([late.id, early.id])
      const bad = await api('/api/questions', 'POST', { question: '', answer: 'x'.repeat(5001) })
      expect(Object.keys(bad.body.errors).sort()).toEqual(['answer', 'question'])
      expect((await api(`/api/questions/${early.id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/questions/${early.id}`)).status).toBe(404)
    })
  })
})
