import type { FastifyPluginAsync } from 'fastify'
import type { LoginThrottle } from '../auth/throttle/index.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import type { PresenceHub } from '../lib/presence/hub.ts'
import type { Storage } from '../storage/index.ts'

/** What every route module receives when app.ts registers it under /api. */
export interface ModuleOptions {
  db: Db
  /**
   * Where reports read (the dashboard, the analytics, exports): the replica of ANALYTICS_DATABASE_URL, else
   * `db`. Read-only: anything that writes (an upkeep step, a fold) uses `db`.
   */
  reads: Db
  config: Config
  /** The token signing key (JWT_SECRET, or generated in DATA_DIR/secrets.json; auth/secrets.ts). */
  secret: Uint8Array
  /** The key of authenticator secrets at rest (TOTP_ENCRYPTION_KEY, or generated beside the other). */
  totpKey: Uint8Array
  /** Failed-login counters shared by every process (database or Redis). */
  throttle: LoginThrottle
  /** Where uploads are kept (DATA_DIR/uploads, or the S3 bucket). */
  storage: Storage
  /** Who is on which record, across processes (lib/presence/hub.ts). */
  presence: PresenceHub
}

export type ApiModule = FastifyPluginAsync<ModuleOptions>
