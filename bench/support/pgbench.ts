import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { LoggedStatement } from './statement-log.ts'

const run = promisify(execFile)

/** pgbench on the PATH, else the newest one PostgreSQL's Debian packages installed. */
export function pgbenchBinary(): string {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (existsSync(join(dir, 'pgbench'))) return 'pgbench'
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : []
  const newest = versions.at(-1)
  if (!newest) throw new Error('pgbench not found: install PostgreSQL client tools')
  return join('/usr/lib/postgresql', newest, 'bin', 'pgbench')
}

/**
 * Replays logged statements as one pgbench transaction, `-M prepared` (each client prepares each statement
 * once and then binds it, as the server's connections do): each `$n` becomes a pgbench variable, so the
 * values travel as bound parameters exactly as the server sent them. Answers transactions a second.
 */
export async function pgbenchTps(
  url: string,
  statements: LoggedStatement[],
  options: { clients: number; seconds: number },
): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'vod-pgbench-'))
  try {
    const defines: string[] = []
    const lines = statements.map((statement, s) => {
      statement.parameters.forEach((value, i) => {
        if (value === null) throw new Error(`pgbench cannot bind NULL ($${i + 1} of: ${statement.text})`)
        defines.push('-D', `s${s}p${i + 1}=${value}`)
      })
      const text = statement.text.replace(/\$(\d+)/g, (_, n) => `:s${s}p${n}`).replace(/\s+/g, ' ')
      return `${text};`
    })
    const script = join(dir, 'script.sql')
    await writeFile(script, `${lines.join('\n')}\n`)
    return await scriptTps(url, script, options, ['--protocol=prepared', ...defines])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** pgbench running a script file for `seconds` at `clients` connections; answers transactions a second. */
export async function scriptTps(
  url: string,
  script: string,
  options: { clients: number; seconds: number },
  extra: string[] = [],
): Promise<number> {
  const { stdout } = await run(
    pgbenchBinary(),
    [
      '--no-vacuum',
      `--client=${options.clients}`,
      `--jobs=${Math.min(options.clients, 2)}`,
      `--time=${options.seconds}`,
      `--file=${script}`,
      ...extra,
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  const tps = /tps = ([\d.]+)/.exec(stdout)
  if (!tps?.[1]) throw new Error(`pgbench printed no tps:\n${stdout}`)
  return Number(tps[1])
}
