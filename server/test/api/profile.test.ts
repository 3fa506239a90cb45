import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { admins } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('profile', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t?.close())

  const putMe = (token: string, body: unknown, headers?: Record<string, string>) =>
    t.request('/api/auth/me', { method: 'PUT', token, body, headers })
  const putPassword = (token: string, body: unknown, headers?: Record<string, string>) =>
    t.request('/api/auth/password', { method: 'PUT', token, body, headers })

  it('PUT /api/auth/me changes the own profile and answers what GET /api/auth/me answers', async () => {
    const admin = await t.createAdmin(['list-tags'])
    const res = await putMe(admin.token, {
      name: '  Ada Lovelace ',
      avatar: 'https://example.com/ada.png',
      email: 'ada@example.com',
      introduction: 'Counts things.',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: {
        id: admin.id,
        username: admin.username,
        name: 'Ada Lovelace',
        avatar: 'https://example.com/ada.png',
        introduction: 'Counts things.',
        email: 'ada@example.com',
        two_factor_bound: 0,
        two_factor_mode: 'optional',
        time_zone: 'UTC',
        roles: ['admin'],
        permissions: ['list-tags'],
        field_rules: {},
      },
    })
    expect((await t.request('/api/auth/me', { token: admin.token })).body).toEqual(res.body)
  })

  it('keeps fields left out, clears fields sent empty or null, and ignores fields it does not own', async () => {
    const admin = await t.createAdmin([])
    await putMe(admin.token, { name: 'Before', email: 'a@example.com', introduction: 'Hi', avatar: null })
    const res = await putMe(admin.token, { introduction: '', email: null, username: 'someone-else' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      username: admin.username,
      name: 'Before',
      email: null,
      introduction: null,
      avatar: null,
    })
  })

  it('changes nobody else', async () => {
    const admin = await t.createAdmin([])
    const other = await t.createAdmin([])
    await putMe(admin.token, { name: 'Changed' })
    expect((await t.request('/api/auth/me', { token: other.token })).body.data.name).toBe(other.username)
  })

  it('validates the profile, per field, in the language asked for', async () => {
    const admin = await t.createAdmin([])
    const res = await putMe(admin.token, {
      name: '   ',
      avatar: 'javascript:alert(1)',
      email: 'not-an-address',
      introduction: 'x'.repeat(1001),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      name: ['The name field is required.'],
      avatar: ['The avatar field must be a valid URL.'],
      email: ['The email field must be a valid email address.'],
      introduction: ['The introduction field must not be greater than 1000 characters.'],
    })
    const zh = await putMe(admin.token, { email: 'nope' }, { 'accept-language': 'zh-CN' })
    expect(zh.body.errors).toEqual({ email: ['邮箱不是有效的邮箱地址。'] })
  })

  it('writes own profile and password changes to the audit trail, never the password', async () => {
    const admin = await t.createAdmin([])
    await putMe(admin.token, { name: 'Audited Name', email: null })
    await putPassword(admin.token, { current_password: admin.password, password: 'audit-passw0rd' })
    const trail = await t.request(`/api/audit-logs?resource=profile&admin_id=${admin.id}&sort=id`, {
      token: await t.superToken(),
    })
    expect(trail.status).toBe(200)
    const entries = trail.body.data.map((row: { action: string; changes: unknown }) => [
      row.action,
      row.changes,
    ])
    expect(entries).toHaveLength(2)
    expect(entries[0][0]).toBe('update')
    expect(entries[0][1]).toMatchObject({ name: [expect.any(String), 'Audited Name'] })
    expect(entries[1]).toEqual(['change-password', { password: '[changed]' }])
    expect(JSON.stringify(trail.body)).not.toContain('audit-passw0rd')
  })

  it('counts wrong current passwords against the login limit: the sixth in a row answers 429', async () => {
    const admin = await t.createAdmin([])
    for (let i = 0; i < 5; i++) {
      const wrong = await putPassword(admin.token, {
        current_password: 'wrong-passw0rd',
        password: 'next-passw0rd1',
      })
      expect(wrong.status).toBe(422)
    }
    const refused = await putPassword(admin.token, {
      current_password: admin.password,
      password: 'next-passw0rd1',
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await expect(t.login(admin.username, admin.password)).rejects.toThrow(/429/)
  })

  it('needs a session', async () => {
    expect((await t.request('/api/auth/me', { method: 'PUT', body: { name: 'x' } })).status).toBe(401)
    expect((await t.request('/api/auth/password', { method: 'PUT', body: {} })).status).toBe(401)
  })

  it('PUT /api/auth/password changes the password, ends the other sessions and keeps this one', async () => {
    const admin = await t.createAdmin(['list-tags'])
    const elsewhere = await t.login(admin.username, admin.password)
    const res = await putPassword(admin.token, { current_password: admin.password, password: 'new-passw0rd' })
    expect(res.status).toBe(204)
    expect(res.body).toBe('')
    expect((await t.request('/api/auth/me', { token: admin.token })).status).toBe(200)
    expect((await t.request('/api/auth/me', { token: elsewhere })).status).toBe(401)
    await expect(t.login(admin.username, admin.password)).rejects.toThrow(/422/)
    expect(await t.login(admin.username, 'new-passw0rd')).toBeTruthy()
  })

  it('refuses a wrong current password with 422 on current_password, changing nothing', async () => {
    const admin = await t.createAdmin([])
    const elsewhere = await t.login(admin.username, admin.password)
    const [before] = await t.db.select().from(admins).where(eq(admins.id, admin.id))
    const res = await putPassword(admin.token, {
      current_password: 'wrong-passw0rd',
      password: 'new-passw0rd',
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'The current password is incorrect.',
      errors: { current_password: ['The current password is incorrect.'] },
    })
    const [after] = await t.db.select().from(admins).where(eq(admins.id, admin.id))
    expect(after?.passwordHash).toBe(before?.passwordHash)
    expect((await t.request('/api/auth/me', { token: elsewhere })).status).toBe(200)
    const zh = await putPassword(
      admin.token,
      { current_password: 'wrong-passw0rd', password: 'new-passw0rd' },
      { 'accept-language': 'zh-CN' },
    )
    expect(zh.body.errors).toEqual({ current_password: ['当前密码不正确。'] })
  })

  it('refuses a new password equal to the current one with 422 on password, ending no session', async () => {
    const admin = await t.createAdmin([])
    const elsewhere = await t.login(admin.username, admin.password)
    const res = await putPassword(admin.token, { current_password: admin.password, password: admin.password })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'The new password must differ from the current one.',
      errors: { password: ['The new password must differ from the current one.'] },
    })
    expect((await t.request('/api/auth/me', { token: elsewhere })).status).toBe(200)
  })

  it.each([
    ['', 'Please input the password.'],
    ['abcdefgh', 'Your password does not contain any number.'],
    ['12345678', 'Your password does not contain any letter.'],
    ['!!!!####', 'Please make sure your password contains at least one number and one letter.'],
    ['abc123', 'The password field must be at least 8 characters.'],
    [`a1${'x'.repeat(71)}`, 'The password field must not be greater than 72 characters.'],
  ])('holds a new password %j to the shared rule: %s', async (password, message) => {
    const admin = await t.createAdmin([])
    const res = await putPassword(admin.token, { current_password: admin.password, password })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ password: [message] })
    expect(await t.login(admin.username, admin.password)).toBeTruthy()
  })

  it('requires both fields', async () => {
    const admin = await t.createAdmin([])
    const res = await putPassword(admin.token, {})
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      current_password: ['The current password field is required.'],
      password: ['The password field is required.'],
    })
  })
})
