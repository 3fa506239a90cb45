import { expect } from 'vitest'

/**
 * A record as it comes back from a write of its row (a restore puts the same values back in new rows): the
 * same fields, and a version other than its own (server/src/lib/resource/versions.ts).
 */
export const rewritten = <T extends { version: string }>(record: T) => ({
  ...record,
  version: expect.not.stringMatching(new RegExp(`^${record.version}$`)),
})

/** A record of a resource as an answer carries it: these fields and a version. */
export const versioned = <T extends object>(record: T) => ({ ...record, version: expect.any(String) })
