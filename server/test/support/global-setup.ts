import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { adminQuery, databaseUrl } from './databases.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (databases.ts loads copies of it). */
    pgliteTemplate: string
    /** A migrated PostgreSQL database that test databases are created from; '' without TEST_DATABASE_URL. */
    postgresTemplate: string
  }
}

/**
 * Migrates once per run instead of once per test database: a PGlite data directory dumped to a file, and,
 * when TEST_DATABASE_URL is set, a PostgreSQL database every test database is a copy of
 * (`CREATE DATABASE ... TEMPLATE`). Both go at the end of the run.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'vod-template-'))
  const pglite = await openDatabase({ url: null, pgliteDir: null })
  try {
    await migrate(pglite)
    const dump = await pglite.dump?.()
    if (!dump) throw new Error('PGlite gave no dump')
    await writeFile(join(dir, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()))
  } finally {
    await pglite.close()
  }
  project.provide('pgliteTemplate', join(dir, 'pgdata.tar'))

  let template = ''
  if (process.env.TEST_DATABASE_URL) {
    template = `vod_template_${randomBytes(6).toString('hex')}`
    await adminQuery(`create database ${template}`)
    const postgres = await openDatabase({ url: databaseUrl(template), pgliteDir: null })
    try {
      await migrate(postgres)
    } finally {
      // A template must have no one connected while it is copied.
      await postgres.close()
    }
  }
  project.provide('postgresTemplate', template)

  return async () => {
    if (template) await adminQuery(`drop database if exists ${template} with (force)`)
    await rm(dir, { recursive: true, force: true })
  }
}
