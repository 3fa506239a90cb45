import { readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * What every resource file of the contract exports, each file imported by its path: a test that walks every
 * contract checks a new one too, and the dead-code check (knip) never takes the whole contract for used, as a
 * namespace import of it would have it.
 */
export async function resourceModules(): Promise<Record<string, unknown>[]> {
  const folder = path.join(import.meta.dirname, '../../src/resources')
  return Promise.all(readdirSync(folder).map((file) => import(path.join(folder, file))))
}
