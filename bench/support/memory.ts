import { readFile, writeFile } from 'node:fs/promises'

/** The process ids under `pid` (itself included), from /proc. */
async function processTree(pid: number): Promise<number[]> {
  const found = [pid]
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
  for (const child of children.split(/\s+/).filter(Boolean)) found.push(...(await processTree(Number(child))))
  return found
}

/** The largest of a /proc status field (kB) over the processes under `pid`, in MB. */
async function largest(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  let most = 0
  for (const id of await processTree(pid)) {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '')
    const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
    most = Math.max(most, kb / 1024)
  }
  return most
}

/** The largest peak resident memory (VmHWM, MB) of any process under `pid`: the server's (and any child it starts). */
export const peakMemoryMb = (pid: number) => largest(pid, 'VmHWM')

/** The resident memory now (VmRSS, MB): what a peak is to be read against. */
export const memoryMb = (pid: number) => largest(pid, 'VmRSS')

/** Starts the peak over (Linux: `5` into clear_refs), so that the next reading is the peak of what follows. */
export async function resetPeakMemory(pid: number): Promise<void> {
  for (const id of await processTree(pid)) await writeFile(`/proc/${id}/clear_refs`, '5').catch(() => {})
}
