import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { loadSecrets, moveStoredSecrets, SECRETS_FILE } from '../src/auth/secrets.ts'
import { newTotpSecret, SecretBox } from '../src/auth/two-factor.ts'
import { loadConfig } from '../src/config.ts'
import { admins, appSettings } from '../src/db/schema/index.ts'

/** What the app settings must never hold (other settings, such as the business time zone, may be kept). */
const secretKeys = ['jwt_secret', 'totp_encryption_key']

import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8')
const bytes = (value: string) => new TextEncoder().encode(value)

/** A logger whose warnings the test reads. */
function recordingLogger() {
  const lines: string[] = []
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line).msg) })
  return { logger, lines }
}

describeEachEngine('keys (auth/secrets.ts)', (engine) => {
  let database: TestDatabase
  let dataDir: string
  const silent = pino({ level: 'silent' })

  beforeEach(async () => {
    database = await createTestDatabase(engine)
    dataDir = await mkdtemp(path.join(tmpdir(), 'vod-secrets-'))
  })
  afterEach(async () => {
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('on the embedded database, generates both keys once into DATA_DIR/secrets.json (mode 600), none into the database', async () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    const first = await loadSecrets(config, silent)
    const file = path.join(dataDir, SECRETS_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const kept = JSON.parse(await readFile(file, 'utf8'))
    expect(kept).toEqual({ jwt_secret: expect.any(String), totp_encryption_key: expect.any(String) })
    expect(kept.jwt_secret.length).toBeGreaterThanOrEqual(32)
    expect(kept.jwt_secret).not.toBe(kept.totp_encryption_key)
    expect(text(first.token)).toBe(kept.jwt_secret)
    expect(text(first.totp)).toBe(kept.totp_encryption_key)
    // The next start reads the same keys.
    expect(await loadSecrets(config, silent)).toEqual(first)

    // A whole start keeps nothing secret in the database.
    const app = await buildApp({ config, db: database.database.db, logger: silent })
    await app.ready()
    await moveStoredSecrets(database.database.db, config, first, silent)
    await app.close()
    const stored = await database.database.db.select({ key: appSettings.key }).from(appSettings)
    expect(stored.filter(({ key }) => secretKeys.includes(key))).toEqual([])

    // Keys from the environment win over the file.
    const fromEnv = await loadSecrets(
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32), TOTP_ENCRYPTION_KEY: 't'.repeat(32) }),
      silent,
    )
    expect([text(fromEnv.token), text(fromEnv.totp)]).toEqual(['j'.repeat(32), 't'.repeat(32)])
  })

  it('makes a secrets file others could read private again, saying so', async () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    const first = await loadSecrets(config, silent)
    const file = path.join(dataDir, SECRETS_FILE)
    await chmod(file, 0o644)
    const { logger, lines } = recordingLogger()
    expect(await loadSecrets(config, logger)).toEqual(first)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(lines).toEqual([
      expect.stringMatching(/secrets\.json was readable by others \(mode 644\); it is now 600/),
    ])
  })

  it('moves a signing key an older version kept in the database out, re-encrypting authenticators with the TOTP key', async () => {
    const db = database.database.db
    const legacy = 'stored-signing-key-'.repeat(3)
    await db.insert(appSettings).values({ key: 'jwt_secret', value: legacy })
    const old = SecretBox.legacy(bytes(legacy))
    const [bound, pending] = [newTotpSecret(), newTotpSecret()]
    const [admin] = await db
      .insert(admins)
      .values({
        username: 'bound',
        passwordHash: 'x',
        twoFactorSecret: old.seal(bound),
        twoFactorPendingSecret: old.seal(pending),
      })
      .returning({ id: admins.id })

    const config = loadConfig({ DATA_DIR: dataDir })
    const { logger, lines } = recordingLogger()
    const secrets = await loadSecrets(config, logger)
    await moveStoredSecrets(db, config, secrets, logger)

    const left = await db.select({ key: appSettings.key }).from(appSettings)
    expect(left.filter(({ key }) => secretKeys.includes(key))).toEqual([])
    const [row] = await db
      .select()
      .from(admins)
      .where(eq(admins.id, admin?.id as number))
    const box = new SecretBox(secrets.totp)
    expect(row?.twoFactorSecret).toMatch(/^v2\./)
    expect(box.open(row?.twoFactorSecret as string)).toBe(bound)
    expect(box.open(row?.twoFactorPendingSecret as string)).toBe(pending)
    // The old key is gone for good: nothing in the database opens the secrets any more.
    expect(() => SecretBox.legacy(bytes(legacy)).open(row?.twoFactorSecret as string)).toThrow()
    expect(lines).toEqual([
      expect.stringMatching(
        /^The token signing key was kept in the database; it has been removed from there\. Generated keys now live in .*secrets\.json \(mode 600\); set JWT_SECRET and TOTP_ENCRYPTION_KEY/,
      ),
      'Re-encrypted 2 authenticator secret(s) with the TOTP encryption key.',
    ])

    // Once done, a start has nothing to move and says nothing.
    lines.length = 0
    await moveStoredSecrets(db, config, secrets, logger)
    expect(lines).toEqual([])
    expect(
      box.open(
        (
          await db
            .select()
            .from(admins)
            .where(eq(admins.id, admin?.id as number))
        )[0]?.twoFactorSecret as string,
      ),
    ).toBe(bound)
  })

  it('with keys from the environment, re-encrypts secrets an older version sealed under JWT_SECRET', async () => {
    const db = database.database.db
    const jwt = 'configured-signing-key-'.repeat(2)
    const plain = newTotpSecret()
    await db.insert(admins).values({
      username: 'bound',
      passwordHash: 'x',
      twoFactorSecret: SecretBox.legacy(bytes(jwt)).seal(plain),
    })
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u@h/d',
      JWT_SECRET: jwt,
      TOTP_ENCRYPTION_KEY: 'separate-totp-key-'.repeat(2),
    })
    const { logger, lines } = recordingLogger()
    const secrets = await loadSecrets(config, logger)
    await moveStoredSecrets(db, config, secrets, logger)
    const [row] = await db.select().from(admins)
    expect(new SecretBox(secrets.totp).open(row?.twoFactorSecret as string)).toBe(plain)
    expect(lines).toEqual(['Re-encrypted 1 authenticator secret(s) with the TOTP encryption key.'])
    // Nothing was written beside the database: the keys came from the environment.
    await expect(stat(path.join(dataDir, SECRETS_FILE))).rejects.toThrow(/ENOENT/)
  })
})
