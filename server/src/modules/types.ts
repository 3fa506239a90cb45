import type { FastifyPluginAsync } from 'fastify'
import type { LoginThrottle } from '../auth/throttle/index.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'

/** What every route module receives when app.ts registers it under /api. */
export interface ModuleOptions {
  db: Db
  config: Config
  /** The token signing key (JWT_SECRET or the one kept in app_settings). */
  secret: Uint8Array
  /** Failed-login counters shared by every process (database or Redis). */
  throttle: LoginThrottle
}

export type ApiModule = FastifyPluginAsync<ModuleOptions>
