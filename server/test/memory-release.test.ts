import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import type { Released } from '../src/lib/memory-release.ts'

const MB = 2 ** 20

interface Seen {
  grown: number
  quiet: Released[]
  next: { beforeNext: number; atNext: number; releases: Released[] }
  both: { secondOver: number; releases: (Released & { at: number })[]; quietMs: number }
}

// In a process of its own with V8's collector exposed, as the server runs (serverArgs): a test worker's heap
// holds other files' objects, and a burst there may grow nothing.
describe('memory release after heavy work', () => {
  let seen: Seen
  beforeAll(async () => {
    const script = fileURLToPath(new URL('./fixtures/memory-release-run.mjs', import.meta.url))
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script])
    seen = JSON.parse(stdout) as Seen
  }, scaled(60_000))

  it('hands back the pages a burst of garbage grew, once the work is over', () => {
    expect(seen.grown).toBeGreaterThan(100 * MB)
    const [release] = seen.quiet
    // An ordinary collection frees the objects and keeps the pages: a few MB would go.
    expect((release?.before ?? 0) - (release?.after ?? 0)).toBeGreaterThan(100 * MB)
  })

  it('releases what earlier work left as the next begins, when that comes within the quiet time', () => {
    expect(seen.next.beforeNext).toBe(0)
    expect(seen.next.atNext).toBe(1)
    const [release] = seen.next.releases
    expect((release?.before ?? 0) - (release?.after ?? 0)).toBeGreaterThan(100 * MB)
  })

  it('waits until every piece of heavy work is over', () => {
    const { secondOver, releases, quietMs } = seen.both
    // Released once, a quiet time after the second piece: not after the first, long before.
    expect(releases).toHaveLength(1)
    expect(releases[0]?.at).toBeGreaterThanOrEqual(secondOver + quietMs - 1)
  })
})
