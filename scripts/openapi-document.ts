// Prints the API's OpenAPI document as the server serves it at /api/openapi.json, built from the routes
// without listening or touching a database (scripts/lint-openapi.mjs lints it with Redocly and Spectral).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'
import { openDatabase } from '../server/src/db/client.ts'

const dataDir = await mkdtemp(path.join(tmpdir(), 'vod-openapi-'))
const key = 'k'.repeat(48)
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0' })
const database = await openDatabase({ url: null, pgliteDir: null })
const app = await buildApp({
  config,
  db: database.db,
  secrets: { token: new TextEncoder().encode(key), totp: new TextEncoder().encode(`t${key}`) },
})
await app.ready()
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`)
await app.close()
await database.close()
await rm(dataDir, { recursive: true, force: true })
