import { SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { hashPassword } from '../../src/auth/password.ts'
import { adminRoles, admins, roles } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { requestFrom } from '../support/from-address.ts'
import { type Json, SUPER_PASSWORD, SUPER_USERNAME, startTestApp, type TestApp } from '../support/harness.ts'

/** The code an authenticator shows `steps` time steps (30 s each) from now. */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 })

/**
 * The code of the step before now, as a phone whose clock runs behind gives it. Taken at least 5 seconds
 * (scaled, at most 25) before the step ends, so the server, a moment later, still counts it as one step back
 * (not two).
 */
async function lateCode(secret: string): Promise<string> {
  const into = Date.now() % 30_000
  if (into > 30_000 - Math.min(scaled(5_000), 25_000)) await new Promise((r) => setTimeout(r, 30_100 - into))
  return codeFor(secret, -1)
}

/** A code that is not the right one for any step near now. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((s) => codeFor(secret, s)))
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!near.has(code)) return code
  }
}

/** An admin that exists without logging in (a login here may answer a two-factor challenge). */
async function addAdmin(t: TestApp, username: string, superAdmin = false) {
  const [admin] = await t.db
    .insert(admins)
    .values({ username, name: username, passwordHash: await hashPassword('passw0rd') })
    .returning({ id: admins.id })
  if (!admin) throw new Error('no admin')
  if (superAdmin) {
    const [role] = await t.db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
    await t.db.insert(adminRoles).values({ adminId: admin.id, roleId: role?.id as number })
  }
  return { id: admin.id, username, password: 'passw0rd' }
}

function helpers(t: () => TestApp) {
  const login = (username: string, password: string) =>
    t().request('/api/login', { method: 'POST', body: { username, password } })
  // Without a body unless a code is given: a client needs none for a first binding.
  const otpauth = (token: string, body?: Json) =>
    t().request('/api/googleOtpauth', { method: 'POST', token, body })
  const verify = (token: string, code: string) =>
    t().request('/api/googleVerify', { method: 'POST', token, body: { code } })
  /** Password, then binding a new authenticator with a code of the step before now: answers secret and access token. */
  async function bindAtLogin(username: string, password: string) {
    const challenge = await login(username, password)
    expect(challenge.body.two_factor).toBe('bind')
    const { secret } = (await otpauth(challenge.body.two_factor_token)).body.data
    const done = await verify(challenge.body.two_factor_token, await lateCode(secret))
    expect(done.status).toBe(200)
    return { secret: secret as string, token: done.body.access_token as string }
  }
  return { login, otpauth, verify, bindAtLogin }
}

describeEachEngine('two-factor', (engine) => {
  describe('TWO_FACTOR=required', () => {
    let t: TestApp
    const { login, otpauth, verify, bindAtLogin } = helpers(() => t)
    let adminSecret: string
    let adminToken: string
    let lastCode: string

    beforeAll(async () => {
      t = await startTestApp(engine, { env: { TWO_FACTOR: 'required' } })
    })
    afterAll(() => t?.close())

    it('answers a bind challenge instead of a token, and the challenge token opens no other route', async () => {
      const res = await login(SUPER_USERNAME, SUPER_PASSWORD)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ two_factor: 'bind', two_factor_token: expect.any(String) })
      const challenge = res.body.two_factor_token

      const others = t.app.accessTable.filter((r) => r.access !== 'public' && r.access !== 'two-factor')
      expect(others.length).toBeGreaterThan(20)
      for (const route of others) {
        const path = route.url.replace(/:\w+/g, '1')
        const answer = await t.request(path, { method: route.method, token: challenge })
        expect(answer.status, `${route.method} ${route.url}`).toBe(401)
      }
    })

    it('binds with a code from the returned secret and logs in; the secret is stored sealed', async () => {
      const challenge = (await login(SUPER_USERNAME, SUPER_PASSWORD)).body.two_factor_token
      const binding = await otpauth(challenge)
      expect(binding.status).toBe(200)
      const { secret, otpauth_url, qr_code } = binding.body.data
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/VOD%20Back-office:admin\?/)
      expect(otpauth_url).toContain('issuer=VOD%20Back-office')
      expect(otpauth_url).toContain(`secret=${secret}`)
      expect(qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)

      const wrong = await verify(challenge, wrongCode(secret))
      expect(wrong.status).toBe(422)
      expect(wrong.body).toEqual({
        message: 'The code is wrong, expired or already used.',
        errors: { code: ['The code is wrong, expired or already used.'] },
      })
      expect((await verify(challenge, '12ab56')).status).toBe(422)

      const done = await verify(challenge, await lateCode(secret))
      expect(done.status).toBe(200)
      expect(done.body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 28800,
        permissions: expect.arrayContaining(['list-admins', 'reset-qrcode-admins']),
      })
      adminSecret = secret
      adminToken = done.body.access_token
      const me = await t.request('/api/admins?keyword=admin', { token: adminToken })
      expect(me.body.data.find((a: Json) => a.username === SUPER_USERNAME).two_factor_bound).toBe(1)
      // The client words the authenticator's reset by this setting.
      const own = await t.request('/api/auth/me', { token: adminToken })
      expect(own.body.data).toMatchObject({ two_factor_bound: 1, two_factor_mode: 'required' })

      const [row] = await t.db.select().from(admins).where(eq(admins.username, SUPER_USERNAME))
      expect(row?.twoFactorSecret).toBeTruthy()
      expect(row?.twoFactorSecret).not.toContain(secret)
      expect(row?.twoFactorPendingSecret).toBeNull()
    })

    it('the next login asks for a code; a fresh one logs in, a replayed one is refused', async () => {
      const challenge = await login(SUPER_USERNAME, SUPER_PASSWORD)
      expect(challenge.body.two_factor).toBe('verify')
      const twoFactorToken = challenge.body.two_factor_token
      // Password alone may not bind over the existing authenticator.
      const rebind = await otpauth(twoFactorToken)
      expect(rebind.status).toBe(409)

      lastCode = codeFor(adminSecret, 0)
      const ok = await verify(twoFactorToken, lastCode)
      expect(ok.status).toBe(200)
      expect(ok.body.access_token).toBeTruthy()

      const again = await login(SUPER_USERNAME, SUPER_PASSWORD)
      const replay = await verify(again.body.two_factor_token, lastCode)
      expect(replay.status).toBe(422)
      expect(replay.body.errors.code).toEqual(['The code is wrong, expired or already used.'])
      // The step already used by binding is refused too.
      expect((await verify(again.body.two_factor_token, codeFor(adminSecret, -1))).status).toBe(422)
    })

    it('resetQRCode ends the sessions and the next login binds afresh', async () => {
      const other = await addAdmin(t, 'phone.lost')
      const first = await bindAtLogin(other.username, other.password)
      const reset = await t.request(`/api/admins/${other.id}/resetQRCode`, {
        method: 'POST',
        token: adminToken,
      })
      expect(reset.status).toBe(200)
      expect(reset.body.data.two_factor_bound).toBe(0)
      expect((await t.request('/api/auth/me', { token: first.token })).status).toBe(401)
      const again = await login(other.username, other.password)
      expect(again.body.two_factor).toBe('bind')
      const second = await bindAtLogin(other.username, other.password)
      expect(second.secret).not.toBe(first.secret)
    })

    it("refuses forged, expired and access-kind tokens as two-factor tokens, and a disabled admin's (401)", async () => {
      const secret = new TextEncoder().encode(t.config.jwtSecret ?? '')
      const [row] = await t.db.select().from(admins).where(eq(admins.username, SUPER_USERNAME))
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'vod-two-factor+jwt' })
        .setSubject(String(row?.id))
        .setAudience('two-factor')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
        .sign(secret)
      const untyped = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(row?.id))
        .setAudience('two-factor')
        .setExpirationTime('5m')
        .sign(secret)
      for (const token of [expired, untyped, 'not-a-token'])
        expect((await verify(token, codeFor(adminSecret))).status).toBe(401)
      expect(
        (await t.request('/api/googleVerify', { method: 'POST', body: { code: '123456' } })).status,
      ).toBe(401)

      const quitter = await addAdmin(t, 'quitter')
      const challenge = (await login(quitter.username, quitter.password)).body.two_factor_token
      await t.request(`/api/admins/${quitter.id}/disable`, { method: 'POST', token: adminToken })
      expect((await otpauth(challenge)).status).toBe(401)
    })

    it('counts wrong codes per two-factor token and address; the address limit bounds all its tokens', async () => {
      const guesser = await addAdmin(t, 'guesser')
      const post = (address: string, path: string, token?: string, body?: Json) =>
        requestFrom(t.url, address, path, { method: 'POST', token, body })
      const here = '127.0.0.60'
      /** A fresh two-factor token from this address, with the secret it is to bind. */
      async function challengeFrom(address: string) {
        const res = await post(address, '/api/login', undefined, {
          username: guesser.username,
          password: 'passw0rd',
        })
        if (res.status !== 200) return { status: res.status, token: '', secret: '' }
        const token = res.body.two_factor_token as string
        const { secret } = (await post(address, '/api/googleOtpauth', token)).body.data
        return { status: 200, token, secret: secret as string }
      }

      const first = await challengeFrom(here)
      for (let i = 0; i < 5; i++)
        expect(
          (await post(here, '/api/googleVerify', first.token, { code: wrongCode(first.secret) })).status,
        ).toBe(422)
      const blocked = await post(here, '/api/googleVerify', first.token, { code: codeFor(first.secret) })
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800)

      // A wrong code is no wrong password: the password logs in again, and each new token counts afresh ...
      for (let n = 0; n < 3; n++) {
        const next = await challengeFrom(here)
        expect(next.status).toBe(200)
        expect(next.token).not.toBe(first.token)
        for (let i = 0; i < 5; i++)
          expect(
            (await post(here, '/api/googleVerify', next.token, { code: wrongCode(next.secret) })).status,
          ).toBe(422)
      }
      // ... until the address has failed 20 times: then it is refused outright, the password included.
      expect((await challengeFrom(here)).status).toBe(429)

      // The admin itself, elsewhere, binds and logs in.
      const own = await challengeFrom('127.0.0.61')
      const done = await post('127.0.0.61', '/api/googleVerify', own.token, { code: codeFor(own.secret) })
      expect(done.status).toBe(200)
      expect(done.body.access_token).toEqual(expect.any(String))
    })
  })

  describe('TWO_FACTOR=optional', () => {
    let t: TestApp
    const { login, otpauth, verify } = helpers(() => t)
    beforeAll(async () => {
      t = await startTestApp(engine)
    })
    afterAll(() => t?.close())

    it('an unbound admin logs in directly; one binds from the profile and is asked for codes from then on', async () => {
      const admin = await t.createAdmin(['list-tags'])
      const direct = await login(admin.username, admin.password)
      expect(direct.body.access_token).toBeTruthy()
      const token = direct.body.access_token
      const boundNow = async () => (await t.request('/api/auth/me', { token })).body.data.two_factor_bound
      expect(await boundNow()).toBe(0)

      // Binding from the profile: a secret, then a code from it.
      expect((await verify(token, '123456')).status).toBe(409)
      const first = (await otpauth(token)).body.data.secret
      const bound = await verify(token, await lateCode(first))
      expect(bound.status).toBe(200)
      expect(bound.body).toEqual({ data: { two_factor_bound: 1 } })
      expect(await boundNow()).toBe(1)

      // Rebinding needs the current code of the bound authenticator.
      const noCode = await otpauth(token)
      expect(noCode.status).toBe(422)
      expect(noCode.body.errors.code).toEqual(['Enter the current code from your authenticator.'])
      expect((await otpauth(token, { code: wrongCode(first) })).status).toBe(422)
      const second = (await otpauth(token, { code: codeFor(first, 0) })).body.data.secret
      expect(second).not.toBe(first)
      expect((await verify(token, wrongCode(second))).status).toBe(422)
      expect((await verify(token, codeFor(second, 0))).body.data.two_factor_bound).toBe(1)
      // The session that bound stays logged in.
      expect((await t.request('/api/tags', { token })).status).toBe(200)

      const challenge = await login(admin.username, admin.password)
      expect(challenge.body.two_factor).toBe('verify')
      const done = await verify(challenge.body.two_factor_token, codeFor(second, 1))
      expect(done.body.permissions).toEqual(['list-tags'])
    })
  })

  describe('TWO_FACTOR=off', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(engine, { env: { TWO_FACTOR: 'off' } })
    })
    afterAll(() => t?.close())

    it('logs a bound admin in with the password alone', async () => {
      await t.db
        .update(admins)
        .set({ twoFactorSecret: 'v1.x.y.z' })
        .where(eq(admins.username, SUPER_USERNAME))
      const res = await t.request('/api/login', {
        method: 'POST',
        body: { username: SUPER_USERNAME, password: SUPER_PASSWORD },
      })
      expect(res.body.access_token).toBeTruthy()
    })
  })
})
