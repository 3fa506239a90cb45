import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The repository's root. This file sits two folders below it, and so does the server's bundle
 * (server/dist/main.mjs, scripts/build-server.mjs), so the same path holds in both.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
