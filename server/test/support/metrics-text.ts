import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** promtool's verdict on a scrape; a missing promtool fails the test saying how to install it. */
export async function promtool(text: string): Promise<string> {
  if (spawnSync('promtool', ['--version']).error)
    throw new Error('promtool is missing: install it with `apt-get install -y prometheus` (Debian)')
  const child = run('promtool', ['check', 'metrics'])
  child.child.stdin?.end(text)
  const { stdout, stderr } = await child.catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`promtool refused the scrape:\n${error.stdout}${error.stderr}`)
  })
  return stdout + stderr
}

/** A sample's value: `name{labels} value` for the labels given (all of them, in any order). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
    )
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3])
  }
  return undefined
}
