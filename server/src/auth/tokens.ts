import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

export interface TokenClaims {
  adminId: number
  sessionId: string
}

const algorithm = 'HS256'
/**
 * The two token kinds differ in their `typ` header, and each verifier demands its own: an access token is
 * never accepted where a two-factor token is expected, nor the reverse. A two-factor token also has no
 * session id, so even a verifier that forgot the header check would find no session for it.
 */
const ACCESS_TYPE = 'JWT'
const TWO_FACTOR_TYPE = 'vod-two-factor+jwt'
const TWO_FACTOR_AUDIENCE = 'two-factor'
/** How long a password-checked login may take to present its authenticator code. */
const TWO_FACTOR_TOKEN_SECONDS = 300

export function signAccessToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: ACCESS_TYPE })
    .setSubject(String(claims.adminId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret)
}

function adminIdOf(subject: unknown): number | null {
  const adminId = Number(subject)
  return Number.isSafeInteger(adminId) && adminId >= 1 ? adminId : null
}

// Checking a signature costs more than the rest of a small request; a token once found genuine stays so.
const MAX_VERIFIED = 10_000
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims & { expiresAt: number }>>()

/** The claims of a genuine, unexpired access token; null for anything else (the caller answers 401). */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  const known = verified.get(secret) ?? new Map()
  verified.set(secret, known)
  const hit = known.get(token)
  if (hit) {
    if (hit.expiresAt > Date.now()) return { adminId: hit.adminId, sessionId: hit.sessionId }
    known.delete(token)
    return null
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [algorithm], typ: ACCESS_TYPE })
    const adminId = adminIdOf(payload.sub)
    if (adminId === null || typeof payload.sid !== 'string' || payload.aud !== undefined) return null
    if (payload.exp === undefined) return null
    if (known.size >= MAX_VERIFIED) known.clear()
    known.set(token, { adminId, sessionId: payload.sid, expiresAt: payload.exp * 1000 })
    return { adminId, sessionId: payload.sid }
  } catch {
    return null
  }
}

/**
 * Whether a token this server cannot use now was one of its access tokens: signed with its key, merely
 * past its time. A token that never was (garbage, forged, another key) is told apart from a session that
 * ended (plugins/access.ts).
 */
export async function wasAccessToken(secret: Uint8Array, token: string): Promise<boolean> {
  try {
    await jwtVerify(token, secret, { algorithms: [algorithm], typ: ACCESS_TYPE })
    return true
  } catch (error) {
    return (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED'
  }
}

/**
 * Proof that this admin's password was right a moment ago, good only for the two-factor routes. What the
 * admin must do next (bind or verify) is read from the database on each use, not from the token.
 */
export function signTwoFactorToken(secret: Uint8Array, adminId: number): Promise<string> {
  return (
    new SignJWT({})
      .setProtectedHeader({ alg: algorithm, typ: TWO_FACTOR_TYPE })
      .setSubject(String(adminId))
      // Unique, even for two logins within a second: wrong codes are counted per token (auth/throttle).
      .setJti(randomUUID())
      .setAudience(TWO_FACTOR_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TWO_FACTOR_TOKEN_SECONDS}s`)
      .sign(secret)
  )
}

/** The admin id of a genuine, unexpired two-factor token; null for anything else. */
export async function verifyTwoFactorToken(secret: Uint8Array, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [algorithm],
      typ: TWO_FACTOR_TYPE,
      audience: TWO_FACTOR_AUDIENCE,
    })
    return adminIdOf(payload.sub)
  } catch {
    return null
  }
}
