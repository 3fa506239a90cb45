import { readFile } from 'node:fs/promises'

/**
 * The CPU time (seconds, user and system) a process has used so far, from /proc. Read around a load, it
 * gives the server's CPU cost a request: a figure that, unlike requests a second, hardly moves with what
 * else the machine runs.
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticksPerSecond = 100
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}
