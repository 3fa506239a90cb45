import { open, stat } from 'node:fs/promises'
import pg from 'pg'

/** One statement as PostgreSQL executed it: its text with `$n` placeholders and the values bound to them. */
export interface LoggedStatement {
  text: string
  parameters: (string | null)[]
}

/**
 * Where this cluster writes its log. Debian's clusters log to /var/log/postgresql/postgresql-<version>-<name>.log
 * (cluster_name is `15/main`); BENCH_PG_LOG names another file.
 */
export async function serverLogFile(adminUrl: string): Promise<string> {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ cluster_name: string }>('show cluster_name')
    const cluster = rows[0]?.cluster_name ?? ''
    if (!cluster) throw new Error('cluster_name is unset: point BENCH_PG_LOG at the server log')
    return `/var/log/postgresql/postgresql-${cluster.replace('/', '-')}.log`
  } finally {
    await client.end()
  }
}

// `2026-11-22 09:07:01.123 UTC [1234] postgres@vod_bench LOG:  execute <unnamed>: select ...`
const LINE_START = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[\d+\] /
const PARAMETER = /\$(\d+) = (NULL|'(?:[^']|'')*')/g

/** Reads what the log gained since `from` (a byte offset) and returns the statements run in `database`. */
export async function statementsSince(
  logFile: string,
  from: number,
  database: string,
): Promise<LoggedStatement[]> {
  const size = (await stat(logFile)).size
  const file = await open(logFile, 'r')
  let text: string
  try {
    const buffer = Buffer.alloc(size - from)
    await file.read(buffer, 0, buffer.length, from)
    text = buffer.toString('utf8')
  } finally {
    await file.close()
  }
  // Entries span lines: a line without the prefix continues the one before it.
  const entries: string[] = []
  for (const line of text.split('\n')) {
    if (LINE_START.test(line)) entries.push(line)
    else if (entries.length > 0) entries[entries.length - 1] += `\n${line}`
  }
  const ours = entries.filter((entry) => entry.includes(`@${database} `))
  const statements: LoggedStatement[] = []
  for (const entry of ours) {
    const statement = /LOG: {2}(?:statement|execute [^:]+): ([\s\S]*)$/.exec(entry)
    if (statement?.[1]) {
      statements.push({ text: statement[1].trim(), parameters: [] })
      continue
    }
    const detail = /DETAIL: {2}parameters: ([\s\S]*)$/.exec(entry)
    const last = statements[statements.length - 1]
    if (detail?.[1] && last) {
      for (const match of detail[1].matchAll(PARAMETER)) {
        const value = match[2] as string
        last.parameters[Number(match[1]) - 1] =
          value === 'NULL' ? null : value.slice(1, -1).replaceAll("''", "'")
      }
    }
  }
  return statements
}

export async function logSize(logFile: string): Promise<number> {
  return (await stat(logFile)).size
}
