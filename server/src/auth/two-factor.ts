import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { TwoFactorMode } from '@vod/contract'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

const TOTP_ISSUER = 'VOD Back-office'
const DIGITS = 6
const PERIOD = 30
/** Codes of the step before and after the current one still count: phones' clocks drift. */
const WINDOW = 1

/** What a login with a right password must still do, or null when it is done. */
export function twoFactorStage(mode: TwoFactorMode, bound: boolean): 'bind' | 'verify' | null {
  if (mode === 'off') return null
  if (bound) return 'verify'
  return mode === 'required' ? 'bind' : null
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/**
 * The time step of `code` if it is valid for `secret` now (within one step either side), else null. The
 * caller keeps the last accepted step per admin and refuses any step not after it: a code works once.
 */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const generator = totp(secret)
  const delta = generator.validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : generator.counter({ timestamp: now }) + delta
}

/** What an authenticator app needs to bind: the secret, its otpauth:// URL and that URL as a QR code. */
export async function bindingFor(secret: string, username: string) {
  const otpauthUrl = totp(secret, username).toString()
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
  }
}

/**
 * Encrypts TOTP secrets at rest (AES-256-GCM) with a key derived from TOTP_ENCRYPTION_KEY (or the generated
 * one in DATA_DIR/secrets.json), which is never in the database: a copy of the database alone does not
 * yield anyone's authenticator. Sealed values carry their format: `v2` uses that key; `v1`, from before the
 * keys were kept apart, used the signing key and is re-sealed at start (auth/secrets.ts). Changing the key
 * makes stored secrets unreadable: those admins then need their binding reset (resetQRCode).
 */
export class SecretBox {
  readonly key: Buffer
  readonly version: string
  constructor(totpKey: Uint8Array, version = 'v2') {
    this.key = Buffer.from(hkdfSync('sha256', totpKey, 'vod-back-office', 'two-factor secrets', 32))
    this.version = version
  }

  /** The box of format v1, whose key came from the token signing key; only to read old secrets. */
  static legacy(tokenSecret: Uint8Array): SecretBox {
    return new SecretBox(tokenSecret, 'v1')
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [this.version, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.')
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.')
    if (version !== this.version || !iv || !tag || body === undefined)
      throw new Error('A stored two-factor secret has an unknown format.')
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    } catch {
      throw new Error(
        "A stored two-factor secret cannot be decrypted: TOTP_ENCRYPTION_KEY changed since it was bound. Reset that admin's authenticator.",
      )
    }
  }
}
