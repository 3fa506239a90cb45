import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordIssue,
  passwordMessages,
  type TwoFactorMode,
  twoFactorModes,
} from '@vod/contract'
import { z } from 'zod'
import { repoRoot } from './paths.ts'

/** An S3-compatible bucket for uploads (storage/s3.ts). */
export interface S3Config {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL through pg when set; otherwise PGlite persisted under dataDir/pgdata. */
  databaseUrl: string | null
  /** Connections of the requests' pool (and the replica's) on PostgreSQL. */
  databasePoolSize: number
  /**
   * A streaming replica of DATABASE_URL's PostgreSQL where the dashboard, the analytics and CSV exports read
   * (a pool of its own; nothing is written there). Null: they read DATABASE_URL's.
   */
  analyticsDatabaseUrl: string | null
  adminUsername: string
  /** Absent: bootstrap generates one on first start and tells where it is. */
  adminPassword: string | null
  /**
   * The token signing key. Required with DATABASE_URL (every process must sign alike); on the embedded
   * database, absent means generated once and kept in DATA_DIR/secrets.json (auth/secrets.ts).
   */
  jwtSecret: string | null
  /** The key that encrypts authenticator secrets at rest; required and absent exactly like jwtSecret. */
  totpEncryptionKey: string | null
  /**
   * Which proxies in front may tell the client's address and protocol (X-Forwarded-For, -Proto): none
   * (false), the nearest N hops, or these addresses / CIDR ranges (Fastify's trustProxy).
   */
  trustProxy: false | number | string[]
  /** Seconds a client may take to send a whole request (Fastify requestTimeout). */
  requestTimeoutSeconds: number
  /** Seconds a connection may stay silent before it is closed (Fastify connectionTimeout). */
  connectionTimeoutSeconds: number
  /** Open connections at most; further ones are refused (Node's server.maxConnections). */
  maxConnections: number
  /** Open connections from one client address at most, so one address cannot take all of maxConnections. */
  maxConnectionsPerAddress: number
  tokenTtlSeconds: number
  twoFactor: TwoFactorMode
  redisUrl: string | null
  /** Audit rows older than this many days are deleted (at start, then daily); 0 keeps them forever. */
  auditRetentionDays: number
  /** The IANA zone whose days every figure and export counts in (docs/analytics.md). */
  businessTimeZone: string
  /** Raw visits older than this many days are deleted (at start, then daily); the figures stay. */
  visitRetentionDays: number
  /**
   * On a PostgreSQL that gives no change stream: `none`, no figures are kept and every figure answer says
   * why; `triggers`, the embedded way's triggers keep them, for development and tests only (docs/analytics.md).
   */
  figuresWithoutStream: 'none' | 'triggers'
  /** How long a stop waits for requests in flight before cutting their connections. */
  shutdownGraceSeconds: number
  seedDemo: boolean
  /** Seconds between the live demo traffic's writes while demo data is on; 0: none. */
  demoTrafficSeconds: number
  /** Uploads go to this bucket when set; otherwise to DATA_DIR/uploads. */
  s3: S3Config | null
  /** Member e-mails go through this SMTP server when set (smtp:// or smtps://); otherwise to the member_mails outbox. */
  smtpUrl: string | null
  /** The sender of member e-mails. */
  mailFrom: string
  /** How often member e-mails the mail server did not take are tried again (from the member_mails outbox). */
  mailRetrySeconds: number
  /** How often each process looks for scheduled changes that are due (docs/scheduled-changes.md), in ms. */
  scheduledChangesIntervalMs: number
  /** Seconds to wait for the mail server to connect and greet (a silent one is given up after this). */
  mailTimeoutSeconds: number
  /** CSV exports running at once in this process, each on a connection of their own; more answer 429. */
  exportConcurrency: number
  /** An export whose reader takes nothing for this long is cut off, freeing its connection. */
  exportStallSeconds: number
  /** Bulk actions running at once in this process, each on one connection of the requests' pool; more answer 429. */
  bulkConcurrency: number
  /** Dashboard and analytics calls running at once in this process; 32 more wait in line, the rest 429. */
  analyticsConcurrency: number
  /** Searches and lists read by a keyword running at once in this process; 32 more wait in line, the rest 429. */
  searchConcurrency: number
  analyticsRecentMs: number
  /**
   * Past this many seconds of replay lag (or with the replica out of reach) the analytics read the primary
   * until the replica is back within it.
   */
  analyticsMaxLagSeconds: number
  /** The bearer token GET /metrics asks for on the main port; null: not served there. */
  metricsToken: string | null
  /** A port of its own on 127.0.0.1 where /metrics is served without a token; null: none. */
  metricsPort: number | null
  /** Statements slower than this many milliseconds are logged with their name and time. */
  slowQueryMs: number
  /** The public member site, where the links of member e-mails lead. */
  memberSiteUrl: string
  logLevel: string
  webDist: string
}

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()))

/**
 * DATABASE_POOL_SIZE unless set: the connections the requests' pool keeps to PostgreSQL. Connections past what
 * the cores can run only wait inside PostgreSQL, where nobody orders them, and make every request wait its
 * turn among them; in the pool they wait in line. The search box at 16 connections, PostgreSQL on the same two
 * cores: p99 36-42 ms with 10, 26-33 ms with 6 or 7, 21-24 ms with 4, at the same requests a second; a million
 * tags' keyword and page 400 at 4,000-5,000 a second: p99 23-81 ms with 7, 11-21 ms with 5. So one a core
 * and three for the server's own work that holds one at a time (the figures' fold, the mail outbox), at most
 * 10 (5 on two cores), and never fewer than bulk actions and analytics calls may hold, plus two.
 */
const poolSizeDefault = (bulk: number, analytics: number) =>
  Math.max(bulk + analytics + 2, Math.min(10, 3 + availableParallelism()))

/** ANALYTICS_CONCURRENCY unless set: half this machine's cores, at least one, at most eight. */
export const ANALYTICS_CONCURRENCY_DEFAULT = Math.min(8, Math.max(1, Math.floor(availableParallelism() / 2)))

/** SEARCH_CONCURRENCY unless set: as many as the cores, at most eight (bench/search-bounded.ts). */
export const SEARCH_CONCURRENCY_DEFAULT = Math.min(8, availableParallelism())

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback
      const n = Number(v)
      if (!/^\d+$/.test(v.trim()) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max} (got "${v}")` })
        return z.NEVER
      }
      return n
    })

const oneOf = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v === undefined || v.trim() === '' ? fallback : v.trim()
      if (!values.includes(value)) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')} (got "${v}")` })
        return z.NEVER
      }
      return value as T[number]
    })

/** The offset from UTC, in minutes, of a zone at an instant ("GMT+05:45" -> 345). */
function offsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/**
 * Why a business time zone cannot be used, if it cannot: not an IANA name, or days that do not start on a
 * quarter-hour (the rollups' buckets) in the last three years or the next one.
 */
function timeZoneProblem(zone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    return 'must be an IANA time zone such as UTC, Asia/Shanghai or America/New_York'
  }
  const now = Date.now()
  for (let month = -36; month <= 12; month++) {
    if (offsetMinutes(zone, new Date(now + month * 30 * 86_400_000)) % 15 !== 0)
      return 'must be a zone whose days start on a quarter-hour of UTC'
  }
  return null
}

const secretKey = optional.refine((v) => v === null || v.length >= 32, {
  message: 'must be at least 32 characters long',
})

/** Names proxy-addr understands besides addresses and CIDR ranges. */
const proxyRanges = ['loopback', 'linklocal', 'uniquelocal']

function proxyEntryProblem(entry: string): boolean {
  if (proxyRanges.includes(entry)) return false
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return true
  if (bits === undefined) return false
  const n = Number(bits)
  return !/^\d{1,3}$/.test(bits) || n > (family === 4 ? 32 : 128)
}

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim() ?? ''
    if (['', '0', 'off', 'false'].includes(value.toLowerCase())) return false
    if (/^\d{1,2}$/.test(value)) return Number(value)
    const entries = value.split(',').map((e) => e.trim())
    if (entries.some(proxyEntryProblem)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be off, a number of proxy hops, or a comma list of addresses, CIDR ranges, ${proxyRanges.join(', ')} (got "${v}")`,
      })
      return z.NEVER
    }
    return entries
  })

const schema = z.object({
  PORT: integer(8080, 0, 65535),
  HOST: optional.transform((v) => v ?? '127.0.0.1'),
  DATA_DIR: optional.transform((v) => v ?? './data'),
  DATABASE_URL: optional.refine((v) => v === null || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  ANALYTICS_DATABASE_URL: optional.refine((v) => v === null || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  ADMIN_USERNAME: optional
    .transform((v) => v ?? 'admin')
    .refine((v) => v.length <= 64, { message: 'must be at most 64 characters' }),
  ADMIN_PASSWORD: optional.superRefine((v, ctx) => {
    if (v === null) return
    const issue = passwordIssue(v)
    if (issue) ctx.addIssue({ code: 'custom', message: passwordMessages[issue] })
    else if (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX)
      ctx.addIssue({ code: 'custom', message: `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long` })
  }),
  JWT_SECRET: secretKey,
  TOTP_ENCRYPTION_KEY: secretKey,
  TRUST_PROXY: trustProxy,
  REQUEST_TIMEOUT_SECONDS: integer(30, 1, 3600),
  CONNECTION_TIMEOUT_SECONDS: integer(60, 1, 3600),
  MAX_CONNECTIONS: integer(1000, 1, 1_000_000),
  MAX_CONNECTIONS_PER_ADDRESS: integer(100, 1, 1_000_000),
  TOKEN_TTL_SECONDS: integer(28800, 60, 60 * 60 * 24 * 30),
  TWO_FACTOR: oneOf(twoFactorModes, 'optional'),
  REDIS_URL: optional.refine((v) => v === null || /^rediss?:\/\//.test(v), {
    message: 'must be a redis:// or rediss:// URL',
  }),
  AUDIT_RETENTION_DAYS: integer(365, 0, 36500),
  BUSINESS_TIME_ZONE: optional.transform((v, ctx) => {
    const zone = v ?? 'UTC'
    const problem = timeZoneProblem(zone)
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `${problem} (got "${zone}")` })
      return z.NEVER
    }
    return zone
  }),
  VISIT_RETENTION_DAYS: integer(400, 1, 36500),
  FIGURES_WITHOUT_STREAM: oneOf(['none', 'triggers'] as const, 'none'),
  SHUTDOWN_GRACE_SECONDS: integer(10, 0, 600),
  MAIL_RETRY_SECONDS: integer(60, 1, 86400),
  SCHEDULED_CHANGES_INTERVAL_MS: integer(15_000, 50, 3_600_000),
  MAIL_TIMEOUT_SECONDS: integer(10, 1, 300),
  EXPORT_CONCURRENCY: integer(2, 1, 100),
  EXPORT_STALL_SECONDS: integer(30, 1, 3600),
  // Unset (0): poolSizeDefault, which depends on the two below.
  DATABASE_POOL_SIZE: integer(0, 4, 100),
  // loadConfig keeps bulk actions and analytics calls together to all but two of the requests' pool.
  BULK_CONCURRENCY: integer(2, 1, 5),
  // Each call holds one connection of the pool it reads at a time. Half the cores: on two, one call at
  // a time kept other staff's lists at their usual speed beside 20 three-year calls, four took their p50
  // from 20 to 40-270 ms (bench/analytics-busy.ts).
  ANALYTICS_CONCURRENCY: integer(ANALYTICS_CONCURRENCY_DEFAULT, 1, 8),
  // Each search, or list read by a keyword, holds one connection of the requests' pool at a time
  // (plugins/search-slots.ts); loadConfig leaves two of the pool beside them.
  SEARCH_CONCURRENCY: integer(SEARCH_CONCURRENCY_DEFAULT, 1, 8),
  // How long a dashboard or analytics answer is given again (modules/analytics/recent-answers.ts); at most
  // 1.5 s, so that a committed row still shows within 2 s; 0 runs every call.
  ANALYTICS_RECENT_MS: integer(1200, 0, 1500),
  ANALYTICS_MAX_LAG_SECONDS: integer(10, 1, 3600),
  METRICS_TOKEN: optional.refine((v) => v === null || (v.length >= 16 && !/\s/.test(v)), {
    message: 'must be at least 16 characters long, without spaces',
  }),
  // 0 or unset: no port of its own.
  METRICS_PORT: integer(0, 0, 65535),
  SLOW_QUERY_MS: integer(500, 1, 3_600_000),
  SEED_DEMO: oneOf(['1', '0'], '1'),
  DEMO_TRAFFIC_SECONDS: integer(5, 0, 3600),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  WEB_DIST: optional,
  S3_ENDPOINT: optional.refine((v) => v === null || /^https?:\/\//.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  S3_BUCKET: optional,
  S3_REGION: optional.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SMTP_URL: optional.refine((v) => v === null || /^smtps?:\/\/[^/\s]+/.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: optional
    .transform((v) => v ?? 'VOD <no-reply@localhost>')
    .refine((v) => v.length <= 200 && /@/.test(v), { message: 'must be an e-mail address' }),
  MEMBER_SITE_URL: optional
    .transform((v) => (v ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''))
    .refine((v) => /^https?:\/\/[^/\s]+/.test(v), { message: 'must be an http:// or https:// URL' }),
})

/** S3_* as one setting: all of endpoint, bucket and keys, or none of them. */
function s3Config(e: z.infer<typeof schema>): S3Config | null {
  const needed = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  const given = needed.filter((name) => e[name] !== null)
  if (given.length === 0) return null
  if (given.length < needed.length)
    throw new ConfigError(
      needed
        .filter((name) => e[name] === null)
        .map((name) => `${name} is required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`),
    )
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
  }
}

/** Every variable the configuration reads: each is a row of README's configuration table (documented.test.ts). */
export const settingNames = Object.keys(schema.shape)

/**
 * Environment -> typed config. Pure: the caller passes the environment and the working directory, so tests
 * can check every rule. Throws ConfigError naming each bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`))
  }
  const e = parsed.data
  // Processes sharing a PostgreSQL must hold the same keys, and the database is no place for them.
  if (e.DATABASE_URL) {
    const missing = (['JWT_SECRET', 'TOTP_ENCRYPTION_KEY'] as const).filter((name) => e[name] === null)
    if (missing.length > 0)
      throw new ConfigError(
        missing.map(
          (name) =>
            `${name} is required with DATABASE_URL: every process sharing the database needs the same one, ` +
            'and it must not be kept in the database (32+ random characters, e.g. `openssl rand -base64 48`)',
        ),
      )
  }
  // A replica of the embedded database cannot be: PGlite has none.
  if (e.ANALYTICS_DATABASE_URL && !e.DATABASE_URL)
    throw new ConfigError([
      'ANALYTICS_DATABASE_URL needs DATABASE_URL: it names a streaming replica of that PostgreSQL',
    ])
  if (e.JWT_SECRET !== null && e.JWT_SECRET === e.TOTP_ENCRYPTION_KEY)
    throw new ConfigError(['TOTP_ENCRYPTION_KEY must differ from JWT_SECRET'])
  const poolSize = e.DATABASE_POOL_SIZE || poolSizeDefault(e.BULK_CONCURRENCY, e.ANALYTICS_CONCURRENCY)
  if (e.BULK_CONCURRENCY + e.ANALYTICS_CONCURRENCY > poolSize - 2)
    throw new ConfigError([
      `DATABASE_POOL_SIZE (${poolSize}) must leave two connections beside BULK_CONCURRENCY ` +
        `(${e.BULK_CONCURRENCY}) and ANALYTICS_CONCURRENCY (${e.ANALYTICS_CONCURRENCY}), for everything else`,
    ])
  if (e.SEARCH_CONCURRENCY > poolSize - 2)
    throw new ConfigError([
      `DATABASE_POOL_SIZE (${poolSize}) must leave two connections beside SEARCH_CONCURRENCY (${e.SEARCH_CONCURRENCY})`,
    ])
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: poolSize,
    analyticsDatabaseUrl: e.ANALYTICS_DATABASE_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    connectionTimeoutSeconds: e.CONNECTION_TIMEOUT_SECONDS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    twoFactor: e.TWO_FACTOR,
    redisUrl: e.REDIS_URL,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    visitRetentionDays: e.VISIT_RETENTION_DAYS,
    figuresWithoutStream: e.FIGURES_WITHOUT_STREAM,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    seedDemo: e.SEED_DEMO === '1',
    demoTrafficSeconds: e.DEMO_TRAFFIC_SECONDS,
    s3: s3Config(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    scheduledChangesIntervalMs: e.SCHEDULED_CHANGES_INTERVAL_MS,
    mailTimeoutSeconds: e.MAIL_TIMEOUT_SECONDS,
    exportConcurrency: e.EXPORT_CONCURRENCY,
    exportStallSeconds: e.EXPORT_STALL_SECONDS,
    bulkConcurrency: e.BULK_CONCURRENCY,
    analyticsConcurrency: e.ANALYTICS_CONCURRENCY,
    searchConcurrency: e.SEARCH_CONCURRENCY,
    analyticsRecentMs: e.ANALYTICS_RECENT_MS,
    analyticsMaxLagSeconds: e.ANALYTICS_MAX_LAG_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT || null,
    slowQueryMs: e.SLOW_QUERY_MS,
    memberSiteUrl: e.MEMBER_SITE_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(repoRoot, 'web', 'dist'),
  }
}
