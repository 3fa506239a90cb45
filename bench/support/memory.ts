import { readFile, writeFile } from 'node:fs/promises'

/** The process ids under `pid` (itself included), from /proc. */
async function processTree(pid: number): Promise<number[]> {
  const found = [pid]
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
  for (const child of children.split(/\s+/).filter(Boolean)) found.push(...(await processTree(Number(child))))
  return found
}

/** The largest peak resident memory (VmHWM, MB) of any process under `pid`: the server's, under tsx. */
export async function peakMemoryMb(pid: number): Promise<number> {
  let peak = 0
  for (const id of await processTree(pid)) {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '')
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0)
    peak = Math.max(peak, kb / 1024)
  }
  return peak
}

/** Starts the peak over (Linux: `5` into clear_refs), so that the next reading is the peak of what follows. */
export async function resetPeakMemory(pid: number): Promise<void> {
  for (const id of await processTree(pid)) await writeFile(`/proc/${id}/clear_refs`, '5').catch(() => {})
}
