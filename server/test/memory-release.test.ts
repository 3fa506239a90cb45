import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { type Collect, createMemoryRelease, type Released } from '../src/lib/memory-release.ts'

// V8's own collector, as `--expose-gc` gives it to the server (serverArgs): exposed here after the start.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as Collect

const QUIET_MS = 50
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Garbage as an import makes it: many small objects, some living across a few turns of the event loop. */
async function burst() {
  for (let round = 0; round < 5; round++) {
    let kept: object[] = []
    for (let i = 0; i < 400_000; i++) {
      kept.push({ title: `row ${i}`, values: [i, i + 1], cell: { text: String(i) } })
      if (kept.length > 100_000) kept = kept.slice(50_000)
    }
    await pause(5)
  }
}

describe('memory release after heavy work', () => {
  it('hands back the pages a burst of garbage grew, once the work is over', async () => {
    const releases: Released[] = []
    const released = new Promise<void>((resolve) => {
      const release = createMemoryRelease({
        collect,
        quietMs: QUIET_MS,
        onRelease: (figures) => {
          releases.push(figures)
          resolve()
        },
      })
      const over = release.heavyWork()
      const start = process.memoryUsage.rss()
      void burst().then(() => {
        // The burst grew the process by far more than the test's margin below.
        expect(process.memoryUsage.rss() - start).toBeGreaterThan(100 * 2 ** 20)
        over()
      })
    })
    await released
    const [figures] = releases
    expect(figures).toBeDefined()
    // An ordinary collection frees the objects and keeps the pages: at most a few MB would go.
    expect((figures?.before ?? 0) - (figures?.after ?? 0)).toBeGreaterThan(100 * 2 ** 20)
  })

  it('releases what earlier work left before the next begins, when that comes within the quiet time', async () => {
    const releases: Released[] = []
    const release = createMemoryRelease({
      collect,
      // Longer than the test: only the next work's start can release.
      quietMs: 60_000,
      onRelease: (figures) => releases.push(figures),
    })
    const over = release.heavyWork()
    await burst()
    over()
    expect(releases).toHaveLength(0)
    const next = release.heavyWork()
    expect(releases).toHaveLength(1)
    expect((releases[0]?.before ?? 0) - (releases[0]?.after ?? 0)).toBeGreaterThan(100 * 2 ** 20)
    next()
    release.close()
  })

  it('waits until every piece of heavy work is over', async () => {
    const at: number[] = []
    let ended = 0
    const released = new Promise<void>((resolve) => {
      const release = createMemoryRelease({
        collect,
        quietMs: QUIET_MS,
        onRelease: () => {
          at.push(performance.now())
          resolve()
        },
      })
      const first = release.heavyWork()
      const second = release.heavyWork()
      first()
      // Long past the quiet time: a release that did not wait for the second would come now.
      void pause(QUIET_MS * 4).then(() => {
        ended = performance.now()
        second()
        second()
      })
    })
    await released
    expect(at[0]).toBeGreaterThanOrEqual(ended + QUIET_MS - 1)
  })
})
