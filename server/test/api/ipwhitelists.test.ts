import { ipEntryIssue } from '@vod/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describe('ipEntryIssue (the contract rule the form and the server share)', () => {
  it.each([
    '203.0.113.7',
    '0.0.0.0/0',
    '10.0.0.0/8',
    '192.168.1.128/25',
    '::1',
    '2001:db8::/32',
    '2001:DB8:0:0:1:0:0:1',
    '::ffff:192.0.2.1',
    '1:2:3:4:5:6:7:8/128',
  ])('takes %s', (value) => expect(ipEntryIssue(value)).toBeNull())

  it.each([
    '',
    'localhost',
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/8/8',
    '2001:db8::/129',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    'fe80::1%eth0',
    ' 1.2.3.4',
  ])('refuses %j', (value) => expect(ipEntryIssue(value)).toEqual({ key: 'validation.ip_address' }))

  it('names the network of a range with host bits set', () => {
    expect(ipEntryIssue('10.1.2.3/8')).toEqual({ key: 'validation.ip_host_bits', network: '10.0.0.0/8' })
    expect(ipEntryIssue('192.168.1.200/25')).toEqual({
      key: 'validation.ip_host_bits',
      network: '192.168.1.128/25',
    })
    expect(ipEntryIssue('2001:db8::1/32')).toEqual({
      key: 'validation.ip_host_bits',
      network: '2001:db8::/32',
    })
  })
})

describeEachEngine('ipwhitelists', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const create = (body: Json) => api('/api/ipwhitelists', { method: 'POST', body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  it('stores IPv4 and IPv6 addresses and CIDR ranges as PostgreSQL writes them', async () => {
    const cases = [
      ['203.0.113.7', '203.0.113.7'],
      ['10.0.0.0/8', '10.0.0.0/8'],
      ['2001:DB8:0:0::1', '2001:db8::1'],
      ['2001:db8:1::/48', '2001:db8:1::/48'],
      ['198.51.100.9/32', '198.51.100.9'],
    ]
    for (const [given, stored] of cases) {
      const res = await create({ address: ` ${given} `, note: `note for ${given}` })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.data).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        address: stored,
        note: `note for ${given}`,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      })
    }
    const list = await api('/api/ipwhitelists?sort=address&per_page=100')
    expect(list.body.data.map((e: Json) => e.address)).toEqual([
      '10.0.0.0/8',
      '198.51.100.9',
      '203.0.113.7',
      '2001:db8::1',
      '2001:db8:1::/48',
    ])
    expect((await api('/api/ipwhitelists?keyword=203.0.113')).body.data).toHaveLength(1)
  })

  it('refuses what is no address or range with 422 and a message that says what is wanted', async () => {
    for (const address of ['10.0.0.256', 'example.com', '10.0.0.0/33', '2001:db8::/200', '']) {
      const res = await create({ address })
      expect(res.status, address).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['address'])
    }
    const res = await create({ address: 'not an ip' })
    expect(res.body.errors.address).toEqual([
      'The IP address field must be an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32.',
    ])
    const bits = await create({ address: '172.16.5.4/12' })
    expect(bits.body.errors.address).toEqual([
      'The IP address field has bits set past its prefix length; the range is written 172.16.0.0/12.',
    ])
    const zh = await api('/api/ipwhitelists', {
      method: 'POST',
      body: { address: 'x' },
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(zh.body.errors.address[0]).toMatch(/^IP 地址必须是 IPv4 或 IPv6 地址/)
    const long = await create({ address: '10.0.0.1', note: 'x'.repeat(501) })
    expect(Object.keys(long.body.errors)).toEqual(['note'])
  })

  it('refuses a duplicate, however it is written, with 422 on address', async () => {
    const first = await create({ address: '2001:db8:aa::/48' })
    expect(first.status).toBe(201)
    for (const address of ['2001:db8:aa::/48', '2001:0DB8:00AA:0000::/48']) {
      const dup = await create({ address })
      expect(dup.status).toBe(422)
      expect(dup.body).toEqual({
        message: 'The IP address has already been taken.',
        errors: { address: ['The IP address has already been taken.'] },
      })
    }
    const other = await create({ address: '192.0.2.1' })
    const clash = await api(`/api/ipwhitelists/${other.body.data.id}`, {
      method: 'PUT',
      body: { address: '2001:db8:aa::/48' },
    })
    expect(clash.status).toBe(422)
  })

  it('updates, deletes, 404s', async () => {
    const made = await create({ address: '192.0.2.77', note: 'Old' })
    const id = made.body.data.id
    const edited = await api(`/api/ipwhitelists/${id}`, {
      method: 'PUT',
      body: { address: '192.0.2.0/24', note: null },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({ address: '192.0.2.0/24', note: null })
    expect((await api(`/api/ipwhitelists/${id}`)).body.data.address).toBe('192.0.2.0/24')
    expect((await api(`/api/ipwhitelists/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await api(`/api/ipwhitelists/${id}`)).status).toBe(404)
    expect((await api(`/api/ipwhitelists/${id}`, { method: 'PUT', body: { note: 'x' } })).status).toBe(404)
  })

  it('checks list-, create-, edit- and delete-ipwhitelists', async () => {
    const reader = await t.createAdmin(['list-ipwhitelists'])
    const stranger = await t.createAdmin(['list-users'])
    expect((await t.request('/api/ipwhitelists', { token: stranger.token })).status).toBe(403)
    expect((await t.request('/api/ipwhitelists', { token: reader.token })).status).toBe(200)
    const body = { address: '192.0.2.99' }
    expect((await t.request('/api/ipwhitelists', { method: 'POST', token: reader.token, body })).status).toBe(
      403,
    )
    const id = (await create(body)).body.data.id
    expect(
      (await t.request(`/api/ipwhitelists/${id}`, { method: 'PUT', token: reader.token, body })).status,
    ).toBe(403)
    expect(
      (await t.request(`/api/ipwhitelists/${id}`, { method: 'DELETE', token: reader.token })).status,
    ).toBe(403)
  })
})
