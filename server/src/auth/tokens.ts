import { jwtVerify, SignJWT } from 'jose'

export interface TokenClaims {
  adminId: number
  sessionId: string
}

const algorithm = 'HS256'

export function signAccessToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setSubject(String(claims.adminId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret)
}

/** The claims of a genuine, unexpired token; null for anything else (the caller answers 401). */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [algorithm] })
    const adminId = Number(payload.sub)
    if (!Number.isSafeInteger(adminId) || adminId < 1 || typeof payload.sid !== 'string') return null
    return { adminId, sessionId: payload.sid }
  } catch {
    return null
  }
}
