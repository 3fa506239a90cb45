import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ANALYTICS_CONCURRENCY_DEFAULT,
  ConfigError,
  loadConfig,
  SEARCH_CONCURRENCY_DEFAULT,
} from '../src/config.ts'

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({}, '/srv/app')
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: null,
      adminUsername: 'admin',
      adminPassword: null,
      jwtSecret: null,
      totpEncryptionKey: null,
      trustProxy: false,
      requestTimeoutSeconds: 30,
      connectionTimeoutSeconds: 60,
      maxConnections: 1000,
      maxConnectionsPerAddress: 100,
      tokenTtlSeconds: 28800,
      twoFactor: 'optional',
      redisUrl: null,
      auditRetentionDays: 365,
      figuresWithoutStream: 'none',
      seedDemo: true,
      s3: null,
      logLevel: 'info',
    })
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'))
  })

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://u@h:5432/d',
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'abcdef12',
        JWT_SECRET: 'x'.repeat(32),
        TOTP_ENCRYPTION_KEY: 'y'.repeat(32),
        TRUST_PROXY: '2',
        REQUEST_TIMEOUT_SECONDS: '5',
        CONNECTION_TIMEOUT_SECONDS: '7',
        MAX_CONNECTIONS: '50',
        TOKEN_TTL_SECONDS: '600',
        TWO_FACTOR: 'required',
        REDIS_URL: 'redis://localhost:6379',
        AUDIT_RETENTION_DAYS: '0',
        FIGURES_WITHOUT_STREAM: 'triggers',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        WEB_DIST: 'public',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      '/srv/app',
    )
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/app/var/db',
      databaseUrl: 'postgres://u@h:5432/d',
      adminUsername: 'boss',
      adminPassword: 'abcdef12',
      jwtSecret: 'x'.repeat(32),
      totpEncryptionKey: 'y'.repeat(32),
      trustProxy: 2,
      requestTimeoutSeconds: 5,
      connectionTimeoutSeconds: 7,
      maxConnections: 50,
      maxConnectionsPerAddress: 100,
      tokenTtlSeconds: 600,
      twoFactor: 'required',
      redisUrl: 'redis://localhost:6379',
      auditRetentionDays: 0,
      figuresWithoutStream: 'triggers',
      seedDemo: false,
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      },
      logLevel: 'warn',
      webDist: '/srv/app/public',
    })
  })

  it('takes the S3 settings whole or not at all', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT is required when S3_BUCKET is set/)
    expect(problems({ S3_ENDPOINT: 'ftp://x' })).toEqual([expect.stringMatching(/^S3_ENDPOINT /)])
  })

  it('reads the member e-mail settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: null,
      mailFrom: 'VOD <no-reply@localhost>',
      memberSiteUrl: 'http://127.0.0.1:3000',
    })
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MEMBER_SITE_URL: 'https://vod.example/' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', memberSiteUrl: 'https://vod.example' })
    expect(problems({ SMTP_URL: 'http://mail' })).toEqual([expect.stringMatching(/^SMTP_URL /)])
    expect(problems({ MAIL_FROM: 'nobody' })).toEqual([expect.stringMatching(/^MAIL_FROM /)])
    expect(problems({ MEMBER_SITE_URL: 'vod.example' })).toEqual([expect.stringMatching(/^MEMBER_SITE_URL /)])
  })

  it('takes any IANA business time zone whose days start on a quarter-hour, UTC unless said', () => {
    expect(loadConfig({}).businessTimeZone).toBe('UTC')
    expect(loadConfig({}).visitRetentionDays).toBe(400)
    for (const zone of ['Asia/Shanghai', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'])
      expect(loadConfig({ BUSINESS_TIME_ZONE: zone }).businessTimeZone).toBe(zone)
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(
      /BUSINESS_TIME_ZONE must be an IANA time zone/,
    )
    expect(() => loadConfig({ VISIT_RETENTION_DAYS: '0' })).toThrow(/VISIT_RETENTION_DAYS/)
  })

  it('names a bad PORT and says why', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /PORT must be a whole number from 0 to 65535 \(got "eighty"\)/,
    )
    expect(problems({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT /)])
    expect(problems({ PORT: '-1' })).toEqual([expect.stringMatching(/^PORT /)])
  })

  it('lists every bad variable at once', () => {
    const found = problems({
      PORT: 'x',
      JWT_SECRET: 'short',
      TWO_FACTOR: 'maybe',
      SEED_DEMO: 'yes',
      DATABASE_URL: 'mysql://x',
      ADMIN_PASSWORD: 'abcdefgh',
    })
    expect(found.map((p) => p.split(' ')[0]).sort()).toEqual(
      ['ADMIN_PASSWORD', 'DATABASE_URL', 'JWT_SECRET', 'PORT', 'SEED_DEMO', 'TWO_FACTOR'].sort(),
    )
  })

  it('holds ADMIN_PASSWORD to the password rule and the minimum length', () => {
    expect(problems({ ADMIN_PASSWORD: 'abcdefgh' })).toEqual([
      'ADMIN_PASSWORD Your password does not contain any number.',
    ])
    expect(problems({ ADMIN_PASSWORD: '12345678' })).toEqual([
      'ADMIN_PASSWORD Your password does not contain any letter.',
    ])
    expect(problems({ ADMIN_PASSWORD: 'abc123' })).toEqual([
      expect.stringMatching(/^ADMIN_PASSWORD must be 8/),
    ])
    expect(problems({ ADMIN_PASSWORD: 'abc12345' })).toEqual([])
  })

  it('with DATABASE_URL, stops without JWT_SECRET and TOTP_ENCRYPTION_KEY, saying what to set', () => {
    const url = 'postgres://u@h:5432/d'
    expect(problems({ DATABASE_URL: url })).toEqual([
      expect.stringMatching(/^JWT_SECRET is required with DATABASE_URL: every process sharing the database/),
      expect.stringMatching(/^TOTP_ENCRYPTION_KEY is required with DATABASE_URL: .*openssl rand -base64 48/),
    ])
    expect(problems({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32) })).toEqual([
      expect.stringMatching(/^TOTP_ENCRYPTION_KEY is required/),
    ])
    expect(
      problems({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'x'.repeat(32) }),
    ).toEqual(['TOTP_ENCRYPTION_KEY must differ from JWT_SECRET'])
    expect(
      problems({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'y'.repeat(32) }),
    ).toEqual([])
    // The embedded database generates what is missing (auth/secrets.ts).
    expect(problems({})).toEqual([])
    expect(problems({ TOTP_ENCRYPTION_KEY: 'short' })).toEqual([
      expect.stringMatching(/^TOTP_ENCRYPTION_KEY must be at least 32/),
    ])
  })

  it('takes ANALYTICS_DATABASE_URL only with DATABASE_URL, and ANALYTICS_CONCURRENCY within 1-8 (half the cores)', () => {
    const keys = { JWT_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'y'.repeat(32) }
    expect(ANALYTICS_CONCURRENCY_DEFAULT).toBe(
      Math.min(8, Math.max(1, Math.floor(os.availableParallelism() / 2))),
    )
    expect(loadConfig({})).toMatchObject({
      analyticsDatabaseUrl: null,
      analyticsConcurrency: ANALYTICS_CONCURRENCY_DEFAULT,
    })
    expect(
      loadConfig({
        ...keys,
        DATABASE_URL: 'postgres://u@primary/d',
        ANALYTICS_DATABASE_URL: 'postgresql://u@replica/d',
        ANALYTICS_CONCURRENCY: '2',
      }),
    ).toMatchObject({ analyticsDatabaseUrl: 'postgresql://u@replica/d', analyticsConcurrency: 2 })
    expect(problems({ ANALYTICS_DATABASE_URL: 'postgres://u@replica/d' })).toEqual([
      expect.stringMatching(/^ANALYTICS_DATABASE_URL needs DATABASE_URL/),
    ])
    expect(
      problems({
        ...keys,
        DATABASE_URL: 'postgres://u@h/d',
        ANALYTICS_DATABASE_URL: 'mysql://x',
        ANALYTICS_CONCURRENCY: '9',
      }),
    ).toEqual([
      expect.stringMatching(/^ANALYTICS_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/),
      expect.stringMatching(/^ANALYTICS_CONCURRENCY must be a whole number from 1/),
    ])
  })

  it('keeps a pool of one connection a core and three, at most 10, beside what bulk actions and analytics hold', () => {
    const cores = os.availableParallelism()
    const analytics = ANALYTICS_CONCURRENCY_DEFAULT
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(2 + analytics + 2, Math.min(10, 3 + cores)))
    expect(loadConfig({ DATABASE_POOL_SIZE: '30' }).databasePoolSize).toBe(30)
    // Unset, the pool grows with what heavy work may hold; set, it must leave two connections for the rest.
    expect(loadConfig({ BULK_CONCURRENCY: '5', ANALYTICS_CONCURRENCY: '8' }).databasePoolSize).toBe(15)
    expect(problems({ DATABASE_POOL_SIZE: '6', BULK_CONCURRENCY: '3', ANALYTICS_CONCURRENCY: '2' })).toEqual([
      expect.stringMatching(/^DATABASE_POOL_SIZE \(6\) must leave two connections/),
    ])
    expect(problems({ DATABASE_POOL_SIZE: '3' })).toEqual([
      expect.stringMatching(/^DATABASE_POOL_SIZE must be a whole number from 4 to 100/),
    ])
  })

  it('takes SEARCH_CONCURRENCY within 1-8 (the cores), leaving two connections of the pool beside it', () => {
    expect(SEARCH_CONCURRENCY_DEFAULT).toBe(Math.min(8, os.availableParallelism()))
    expect(loadConfig({}).searchConcurrency).toBe(SEARCH_CONCURRENCY_DEFAULT)
    expect(loadConfig({ SEARCH_CONCURRENCY: '1' }).searchConcurrency).toBe(1)
    expect(problems({ SEARCH_CONCURRENCY: '0' })).toEqual([
      expect.stringMatching(/^SEARCH_CONCURRENCY must be a whole number from 1 to 8/),
    ])
    expect(
      problems({
        DATABASE_POOL_SIZE: '5',
        SEARCH_CONCURRENCY: '4',
        BULK_CONCURRENCY: '1',
        ANALYTICS_CONCURRENCY: '1',
      }),
    ).toEqual([
      expect.stringMatching(
        /^DATABASE_POOL_SIZE \(5\) must leave two connections beside SEARCH_CONCURRENCY \(4\)/,
      ),
    ])
  })

  it('reads TRUST_PROXY as off, a hop count, or a list of addresses and ranges', () => {
    for (const off of ['', '0', 'off', 'false', 'OFF'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.1.7, ::1, fd00::/8' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8'])
    for (const bad of ['yes', 'true', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '1,2'])
      expect(problems({ TRUST_PROXY: bad }), bad).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be off, a number/),
      ])
  })

  it('holds the timeouts and the connection cap to their ranges', () => {
    expect(
      problems({ REQUEST_TIMEOUT_SECONDS: '0', CONNECTION_TIMEOUT_SECONDS: 'x', MAX_CONNECTIONS: '0' }),
    ).toEqual([
      expect.stringMatching(/^REQUEST_TIMEOUT_SECONDS must be a whole number from 1/),
      expect.stringMatching(/^CONNECTION_TIMEOUT_SECONDS /),
      expect.stringMatching(/^MAX_CONNECTIONS /),
    ])
  })

  it('reads the service settings: metrics off unless a token or a port, slow statements, replica lag', () => {
    expect(loadConfig({})).toMatchObject({
      metricsToken: null,
      metricsPort: null,
      slowQueryMs: 500,
      analyticsMaxLagSeconds: 10,
    })
    expect(
      loadConfig({
        METRICS_TOKEN: 'm'.repeat(16),
        METRICS_PORT: '9464',
        SLOW_QUERY_MS: '50',
        ANALYTICS_MAX_LAG_SECONDS: '30',
      }),
    ).toMatchObject({
      metricsToken: 'm'.repeat(16),
      metricsPort: 9464,
      slowQueryMs: 50,
      analyticsMaxLagSeconds: 30,
    })
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBeNull()
    expect(
      problems({
        METRICS_TOKEN: 'short',
        METRICS_PORT: '70000',
        SLOW_QUERY_MS: '0',
        ANALYTICS_MAX_LAG_SECONDS: '0',
      }),
    ).toEqual([
      expect.stringMatching(/^ANALYTICS_MAX_LAG_SECONDS must be a whole number from 1/),
      expect.stringMatching(/^METRICS_TOKEN must be at least 16 characters/),
      expect.stringMatching(/^METRICS_PORT must be a whole number from 0 to 65535/),
      expect.stringMatching(/^SLOW_QUERY_MS must be a whole number from 1/),
    ])
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 8080,
      databaseUrl: null,
      adminPassword: null,
    })
  })
})
