import type { CDPSession } from 'playwright-core'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Starts V8's sampling profiler on a page's CDP session (every 100 µs). */
export async function startProfile(cdp: CDPSession) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
}

/**
 * Stops the profiler and prints where the main thread's time went: self time per file and the `top`
 * functions, so a change to the first screens can be aimed at what costs.
 */
export async function printProfile(cdp: CDPSession, top = 25) {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, n) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[n] ?? 0) / 1000)
  })
  const perFile = new Map<string, number>()
  const perFunction = new Map<string, number>()
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame
    if (!frame) continue
    const file = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'native'})`
    perFile.set(file, (perFile.get(file) ?? 0) + ms)
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
    perFunction.set(name, (perFunction.get(name) ?? 0) + ms)
  }
  const rows = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${name}`)
      .join('\n')
  console.log(`self time per file:\n${rows(perFile, 15)}\nself time per function:\n${rows(perFunction, top)}`)
}
