import { readFile } from 'node:fs/promises'

/** The process ids under `pid` (itself included), from /proc. */
async function processTree(pid: number): Promise<number[]> {
  const found = [pid]
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
  for (const child of children.split(/\s+/).filter(Boolean)) found.push(...(await processTree(Number(child))))
  return found
}

/**
 * The resident memory now (VmRSS, MB), the largest of the processes under `pid` (the server's and any child it
 * starts).
 */
export async function memoryMb(pid: number): Promise<number> {
  let most = 0
  for (const id of await processTree(pid)) {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '')
    most = Math.max(most, Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024)
  }
  return most
}

/**
 * The largest resident memory (VmRSS, MB) of the processes under `pid`, read every `everyMs` while `work`
 * runs, from when it calls `begin` (an export: its first byte): the peak of that work alone. The kernel's
 * peak (VmHWM, even reset through clear_refs) would also hold what the process held before, which heavy work
 * hands back as it begins (server/src/lib/memory-release.ts).
 */
export async function peakMemoryDuring<T>(
  pid: number,
  work: (begin: () => void) => Promise<T>,
  everyMs = 10,
): Promise<{ result: T; peak: number }> {
  let peak = 0
  let done = false
  let sampling: Promise<void> | undefined
  const begin = () => {
    sampling ??= (async () => {
      while (!done) {
        peak = Math.max(peak, await memoryMb(pid))
        await new Promise((resolve) => setTimeout(resolve, everyMs))
      }
    })()
  }
  try {
    const result = await work(begin)
    peak = Math.max(peak, await memoryMb(pid))
    return { result, peak }
  } finally {
    done = true
    await sampling
  }
}
