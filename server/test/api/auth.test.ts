import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { adminRoles, admins, sessions } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { SUPER_PASSWORD, SUPER_USERNAME, startTestApp, type TestApp } from '../support/harness.ts'

const failed = 'These credentials do not match our records.'
const disabledAccount = 'This account is disabled. Ask an administrator to enable it.'
const ended = { message: 'Your session has ended. Please log in again.', reason: 'session_ended' }

describeEachEngine('auth', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t?.close())

  const login = (body: unknown, headers?: Record<string, string>) =>
    t.request('/api/login', { method: 'POST', body, headers })

  it('logs in with a trimmed username and answers a bearer token with the permissions', async () => {
    const res = await login({ username: `  ${SUPER_USERNAME}\t`, password: SUPER_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 28800 })
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(res.body.permissions).toContain('list-tags')
    expect(res.body.permissions).toContain('list-daily-revenue')
  })

  it('answers the same 422 for a wrong password, an unknown user and a disabled admin', async () => {
    const disabled = await t.createAdmin([])
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, disabled.id))
    for (const body of [
      { username: SUPER_USERNAME, password: 'wrong-pass1' },
      { username: 'nobody-here', password: SUPER_PASSWORD },
      { username: disabled.username, password: 'wrong-pass1' },
    ]) {
      const res = await login(body)
      expect(res.status).toBe(422)
      expect(res.body).toEqual({ message: failed, errors: { username: [failed] } })
    }
  })

  it('tells a disabled admin so, but only after the right password', async () => {
    const disabled = await t.createAdmin([])
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, disabled.id))
    const res = await login({ username: disabled.username, password: disabled.password })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: disabledAccount, errors: { username: [disabledAccount] } })
    const zh = await login(
      { username: disabled.username, password: disabled.password },
      { 'accept-language': 'zh-CN' },
    )
    expect(zh.body.message).toBe('该账户已被禁用，请联系管理员启用。')
  })

  it('says it in Chinese when asked', async () => {
    const res = await login({ username: 'x', password: 'y' }, { 'accept-language': 'zh-CN,zh;q=0.9' })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('用户名或密码错误。')
  })

  it('validates the login body', async () => {
    const res = await login({ username: '   ' })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      username: ['The username field is required.'],
      password: ['The password field is required.'],
    })
  })

  it('GET /api/auth/me answers who is logged in', async () => {
    const admin = await t.createAdmin(['list-tags', 'create-tags'])
    const res = await t.request('/api/auth/me', { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: {
        id: admin.id,
        username: admin.username,
        name: admin.username,
        avatar: null,
        introduction: null,
        email: null,
        two_factor_bound: 0,
        two_factor_mode: 'optional',
        time_zone: 'UTC',
        roles: ['admin'],
        permissions: ['create-tags', 'list-tags'],
        field_rules: {},
      },
    })
  })

  it('logout ends that token at once, and only that one', async () => {
    const admin = await t.createAdmin(['list-tags'])
    const other = await t.login(admin.username, admin.password)
    const out = await t.request('/api/logout', { method: 'POST', token: admin.token })
    expect(out.status).toBe(204)
    expect(out.body).toBe('')
    expect((await t.request('/api/auth/me', { token: admin.token })).status).toBe(401)
    const after = await t.request('/api/tags', { token: admin.token })
    expect(after.status).toBe(401)
    expect(after.body).toEqual(ended)
    expect((await t.request('/api/auth/me', { token: other })).status).toBe(200)
  })

  it('logout takes a JSON content type with an empty body', async () => {
    const admin = await t.createAdmin([])
    const res = await t.request('/api/logout', {
      method: 'POST',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(204)
  })

  it('refuses missing, malformed, tampered and expired tokens with 401', async () => {
    const admin = await t.createAdmin(['list-tags'])
    const [head, payload, signature] = admin.token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')
    const secret = new TextEncoder().encode(t.config.jwtSecret ?? '')
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(admin.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret)
    const wrongKey = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)))
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`
    for (const authorization of [undefined, 'Bearer', `Basic ${admin.token}`]) {
      const res = await t.request('/api/tags', { headers: authorization ? { authorization } : {} })
      expect(res.status, authorization).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthenticated.' })
    }
    // A token that never was a session (garbage, forged, tampered, another key) is not told its session ended.
    for (const authorization of [
      'Bearer not-a-token',
      `Bearer ${head}.${forged}.${signature}`,
      `Bearer ${admin.token}x`,
      `Bearer ${wrongKey}`,
      `Bearer ${none}`,
    ]) {
      const res = await t.request('/api/tags', { headers: { authorization } })
      expect(res.status, authorization).toBe(401)
      expect(res.body).toEqual({ message: 'This is not a valid sign-in token. Please log in.' })
    }
    // A genuine token past its time: the client is told its session is over.
    const late = await t.request('/api/tags', { headers: { authorization: `Bearer ${expired}` } })
    expect(late.status).toBe(401)
    expect(late.body).toEqual(ended)
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(200)
  })

  it('ends a session whose row expired, even with a valid token', async () => {
    const admin = await t.createAdmin(['list-tags'])
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.adminId, admin.id))
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(401)
  })

  it('disabling an admin or taking its role away counts on the next request', async () => {
    const admin = await t.createAdmin(['list-tags'])
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(200)
    await t.db.delete(adminRoles).where(eq(adminRoles.adminId, admin.id))
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(403)
    expect((await t.request('/api/auth/me', { token: admin.token })).body.data.permissions).toEqual([])
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, admin.id))
    const refused = await t.request('/api/auth/me', { token: admin.token })
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({ message: disabledAccount, reason: 'account_disabled' })
  })

  it('stores sessions with where they came from', async () => {
    const asked = Date.now()
    const admin = await t.createAdmin([])
    const [row] = await t.db.select().from(sessions).where(eq(sessions.adminId, admin.id))
    expect(row).toMatchObject({ ip: '127.0.0.1', revokedAt: null })
    expect(row?.id.length).toBeGreaterThanOrEqual(40)
    // TOKEN_TTL_SECONDS from when it was made: between the asking and now (a second's margin for the clocks).
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(asked + t.config.tokenTtlSeconds * 1000 - 1000)
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + t.config.tokenTtlSeconds * 1000 + 1000)
  })
})
