import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, like, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { admins, appSettings } from '../db/schema/index.ts'
import { SecretBox } from './two-factor.ts'

/** The two keys of a deployment, kept apart: one signs tokens, the other encrypts authenticator secrets. */
export interface Secrets {
  /** Signs and checks access and two-factor tokens (HS256). */
  token: Uint8Array
  /** Encrypts TOTP secrets at rest (auth/two-factor.ts SecretBox). */
  totp: Uint8Array
}

/** Where the embedded database's generated keys live, readable by this user only. */
export const SECRETS_FILE = 'secrets.json'

interface SecretsFile {
  jwt_secret?: string
  totp_encryption_key?: string
}

const generated = () => randomBytes(48).toString('base64url')
const bytes = (value: string) => new TextEncoder().encode(value)

async function readSecretsFile(file: string, log: FastifyBaseLogger): Promise<SecretsFile> {
  try {
    const mode = (await stat(file)).mode & 0o777
    if (mode & 0o077) {
      log.warn(`${file} was readable by others (mode ${mode.toString(8)}); it is now 600`)
      await chmod(file, 0o600)
    }
    return JSON.parse(await readFile(file, 'utf8')) as SecretsFile
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new Error(`${file} cannot be read: ${(error as Error).message}`)
  }
}

/**
 * The keys, from JWT_SECRET and TOTP_ENCRYPTION_KEY when set. Otherwise (only on the embedded database:
 * config.ts demands both with DATABASE_URL) generated on the first start and kept in DATA_DIR/secrets.json
 * with mode 600, beside the database files but not in the database: a copy of the database, or of its
 * backups, yields neither key.
 */
export async function loadSecrets(config: Config, log: FastifyBaseLogger): Promise<Secrets> {
  if (config.jwtSecret && config.totpEncryptionKey)
    return { token: bytes(config.jwtSecret), totp: bytes(config.totpEncryptionKey) }
  const file = path.join(config.dataDir, SECRETS_FILE)
  const kept = await readSecretsFile(file, log)
  const wanted: Required<SecretsFile> = {
    jwt_secret: kept.jwt_secret ?? generated(),
    totp_encryption_key: kept.totp_encryption_key ?? generated(),
  }
  if (kept.jwt_secret === undefined || kept.totp_encryption_key === undefined) {
    await mkdir(config.dataDir, { recursive: true })
    // Written whole or not at all: a crash mid-write must not leave a key half there.
    const partial = `${file}.${process.pid}.tmp`
    await writeFile(partial, `${JSON.stringify(wanted, null, 2)}\n`, { mode: 0o600 })
    await rename(partial, file)
  }
  return {
    token: bytes(config.jwtSecret ?? wanted.jwt_secret),
    totp: bytes(config.totpEncryptionKey ?? wanted.totp_encryption_key),
  }
}

const LEGACY_KEY = 'jwt_secret'

/**
 * Installations from before the keys were kept apart: the generated signing key sat in app_settings, and
 * authenticator secrets were encrypted with a key derived from the signing key (format v1). On start this
 * removes the stored key from the database and re-encrypts every v1 secret with the TOTP key, in one
 * transaction (so of several processes starting together, one does it), and says what happened. Logins
 * signed with the removed key end; authenticators keep working.
 */
export async function moveStoredSecrets(
  db: Db,
  config: Config,
  secrets: Secrets,
  log: FastifyBaseLogger,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .delete(appSettings)
      .where(eq(appSettings.key, LEGACY_KEY))
      .returning({ value: appSettings.value })
    const sealed = await tx
      .select({ id: admins.id, secret: admins.twoFactorSecret, pending: admins.twoFactorPendingSecret })
      .from(admins)
      .where(or(like(admins.twoFactorSecret, 'v1.%'), like(admins.twoFactorPendingSecret, 'v1.%')))
      .for('update')
    // v1 secrets were sealed with the signing key of the time: the stored one, or JWT_SECRET if it was set.
    const legacy = stored?.value ?? config.jwtSecret
    const old = legacy ? SecretBox.legacy(bytes(legacy)) : null
    const box = new SecretBox(secrets.totp)
    let moved = 0
    let unreadable = 0
    const reseal = (value: string | null) => {
      if (value === null || !value.startsWith('v1.')) return value
      try {
        if (!old) throw new Error('no key to read it with')
        const resealed = box.seal(old.open(value))
        moved++
        return resealed
      } catch {
        unreadable++
        return value
      }
    }
    for (const row of sealed)
      await tx
        .update(admins)
        .set({ twoFactorSecret: reseal(row.secret), twoFactorPendingSecret: reseal(row.pending) })
        .where(eq(admins.id, row.id))
    if (stored)
      log.warn(
        'The token signing key was kept in the database; it has been removed from there. ' +
          (config.databaseUrl
            ? 'JWT_SECRET and TOTP_ENCRYPTION_KEY from the environment are used from now on. '
            : `Generated keys now live in ${path.join(config.dataDir, SECRETS_FILE)} (mode 600); ` +
              'set JWT_SECRET and TOTP_ENCRYPTION_KEY to manage them yourself. ') +
          'Tokens it signed stop working unless JWT_SECRET holds it; bound authenticators keep working.',
      )
    if (moved + unreadable > 0)
      log.warn(
        `Re-encrypted ${moved} authenticator secret(s) with the TOTP encryption key` +
          (unreadable > 0 ? `; ${unreadable} could not be read: reset those admins' authenticators` : '') +
          '.',
      )
  })
}
