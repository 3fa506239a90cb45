/**
 * The videos catalogue at a million rows (issue: content catalogue, item 7), against its database's own
 * speed, in one run on PostgreSQL. A million videos with three tags each are loaded by SQL into a fresh
 * database (dropped after); the real server runs on it as its own process. Prints:
 * - the videos list (no filter, a status filter, a tag filter, a keyword, page 400): API requests a second at 16
 *   connections and p99, beside pgbench replaying the request's statements (captured from the statement log);
 * - the export of all million rows: its time beside psql's `\copy` of a plain query of the same columns (the
 *   floor) and of the export's own COPY, and the peak memory of a fresh server running it beside its
 *   memory before;
 * - then, on the same server, a million rows imported from CSV in uploads of 10,000 (BENCH_IMPORTS uploads):
 *   their time, the server's memory after them and its peak through one more export.
 * Asserts nothing.
 *
 *   npx tsx bench/videos-scale.ts [rows]     BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10
 *   BENCH_NAMES=0 (videos without tags or directors: the export with no names to join)
 *   BENCH_LISTS=0 (the export and the imports only)   BENCH_IMPORTS=100 (uploads of 10,000 rows before it)
 */
import { execFile } from 'node:child_process'
import { get } from 'node:http'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { tags } from '../server/src/db/schema/index.ts'
import { EXPORT_SETTINGS } from '../server/src/plugins/exports.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { login } from './support/api.ts'
import { compareListCases, type ListCase } from './support/list-cases.ts'
import { memoryMb, peakMemoryDuring } from './support/memory.ts'
import { pgbenchBinary } from './support/pgbench.ts'
import { type LoggedStatement, logSize, statementsSince } from './support/statement-log.ts'

const run = promisify(execFile)
const rows = Number(process.argv[2] ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16
const IMPORT_ROWS = 10_000
// Uploads before the export: a million rows by default.
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 100)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl
const withNames = process.env.BENCH_NAMES !== '0'
const withLists = process.env.BENCH_LISTS !== '0'

/**
 * The export's floor: the same columns by a plain query written here, tags and directors by name joined
 * once (`string_agg ... group by video_id`), not the export's own statement.
 */
const EXPORT_FLOOR = `copy (
  select v.id, v.serial_number, v.title, v.status, v.published_at, v.video_duration, v.views, v.likes,
         v.dislikes, v.is_free, v.is_main, v.source_id, s.name as source_name, t.genres, t.models, t.studios,
         d.directors, v.cover, v.video, v.created_at
  from videos v
  left join sources s on s.id = v.source_id
  left join (
    select vt.video_id,
           string_agg(tg.name, '|') filter (where tg.type = 'genre') as genres,
           string_agg(tg.name, '|') filter (where tg.type = 'model') as models,
           string_agg(tg.name, '|') filter (where tg.type = 'studio') as studios
    from video_tags vt join tags tg on tg.id = vt.tag_id group by vt.video_id
  ) t on t.video_id = v.id
  left join (
    select vd.video_id, string_agg(dr.name, '|') as directors
    from video_directors vd join directors dr on dr.id = vd.director_id group by vd.video_id
  ) d on d.video_id = v.id
  order by v.id desc
) to stdout with (format csv, header true)`

/** Downloads the whole export as a browser does (compressed), answering its seconds and CSV bytes. */
async function exportAll(server: RunningServer, token: string) {
  const started = performance.now()
  const res = await fetch(`${server.url}/api/videos/exportCsv`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
  })
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`)
  let bytes = 0
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length
  return { seconds: (performance.now() - started) / 1000, bytes }
}

/**
 * Receives the whole export compressed, as a browser on another machine would, without decompressing it here
 * (on two cores the decompression would take the CPU the server and PostgreSQL share): its seconds and bytes
 * on the wire.
 */
function exportWire(
  server: RunningServer,
  token: string,
  onAnswer = () => {},
): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = get(
      `${server.url}/api/videos/exportCsv`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`))
        onAnswer()
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        res.on('end', () => resolve({ seconds: (performance.now() - started) / 1000, bytes }))
        res.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

/** psql's `\copy` of a COPY to /dev/null, with these connection settings: the database's speed for a file. */
async function psqlCopySeconds(url: string, copy: string, settings = '') {
  const psql = pgbenchBinary().replace(/pgbench$/, 'psql')
  const command = `\\${copy.replace(/\s+/g, ' ').replace(/ to stdout /i, " to '/dev/null' ")}`
  const started = performance.now()
  await run(psql, [url, '-q', '-c', command], {
    maxBuffer: 1024 * 1024,
    env: { ...process.env, PGOPTIONS: settings },
  })
  return (performance.now() - started) / 1000
}

/** One upload of IMPORT_ROWS videos with a tag of each kind and a director; `batch` keeps serials apart. */
async function importRows(server: RunningServer, token: string, batch: number) {
  const lines = ['title,serial_number,genres,models,studios,directors,is_free']
  for (let i = 1; i <= IMPORT_ROWS; i++)
    lines.push(
      `Imported ${i},IMP-${batch}-${i},Genre ${i % 5},Model ${i % 7},Studio ${i % 3},Director ${i % 4},${i % 2}`,
    )
  const form = new FormData()
  form.append('file', new Blob([lines.join('\n')]), 'videos.csv')
  const started = performance.now()
  const res = await fetch(`${server.url}/api/files/cdn77BatchUpload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const seconds = (performance.now() - started) / 1000
  if (res.status !== 201) throw new Error(`import: ${res.status} ${(await res.text()).slice(0, 500)}`)
  return seconds
}

const database = await createTestDatabase('postgres')
const url = database.url as string
const name = new URL(url).pathname.slice(1)
let server: RunningServer | undefined
try {
  const started = performance.now()
  const db = database.database.db
  await db.execute(sql`
    insert into tags (name, type) select kind || ' ' || n, lower(kind)
    from unnest(array['Genre', 'Model', 'Studio']) as kind, generate_series(0, 99) as n`)
  await db.execute(sql`insert into directors (name) select 'Director ' || n from generate_series(0, 99) as n`)
  await db.execute(sql`insert into sources (name) select 'Source ' || n from generate_series(0, 19) as n`)
  await db.execute(sql`
    insert into videos (title, serial_number, status, published_at, views, is_free, source_id, created_at, updated_at)
    select 'Video ' || n || ' ' || md5(n::text), 'SN-' || n,
           case when n % 5 = 0 then 'draft' else 'published' end,
           case when n % 5 = 0 then null else now() - (n || ' minutes')::interval end,
           n % 100000, n % 4 = 0, 1 + n % 20, now() - (n || ' seconds')::interval, now()
    from generate_series(1, ${rows}) as n`)
  // Bulk load: the links' foreign-key triggers are skipped (the ids are right by construction), and each
  // video's tags are found by hash joins on a number, not by name.
  await db.transaction(async (tx) => {
    if (!withNames) return
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`
      with kinds as (
        select id, type, row_number() over (partition by type order by id) - 1 as k from tags
      )
      insert into video_tags (video_id, tag_id)
      select v.id, t.id from videos v join kinds t on t.type = 'genre' and t.k = v.id % 100
      union all
      select v.id, t.id from videos v join kinds t on t.type = 'model' and t.k = (v.id / 100) % 100
      union all
      select v.id, t.id from videos v join kinds t on t.type = 'studio' and t.k = (v.id / 10000) % 100`)
    await tx.execute(
      sql`insert into video_directors (video_id, director_id) select id, (select min(id) from directors) + id % 100 from videos`,
    )
  })
  for (const table of ['videos', 'video_tags', 'video_directors', 'tags'])
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  console.log(
    `loaded ${rows} videos ${withNames ? 'with 3 tags and a director each' : 'without tags or directors'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const found = await db.select({ id: tags.id }).from(tags).where(eq(tags.name, 'Model 42'))
  const tagId = found[0]?.id

  const cases: ListCase[] = withLists
    ? [
        ['first page', '/api/videos', 'select * from videos order by id desc limit 20'],
        [
          'status filter',
          '/api/videos?status=draft',
          "select * from videos where status = 'draft' order by id desc limit 20",
        ],
        [
          'tag filter',
          `/api/videos?tag_id=${tagId}`,
          `select v.* from videos v where exists (select 1 from video_tags t where t.video_id = v.id and t.tag_id = ${tagId}) order by v.id desc limit 20`,
        ],
        [
          'keyword',
          '/api/videos?keyword=SN-123456',
          "select * from videos where lower(serial_number) like 'sn-123456%' or title ilike '%SN-123456%' order by id desc limit 20",
        ],
        ['page 400', '/api/videos?page=400', 'select * from videos order by id desc limit 20 offset 7980'],
      ]
    : []

  let copy: LoggedStatement | undefined
  let token: string
  ;({ server, token } = await compareListCases({
    adminUrl,
    url,
    cases,
    connections: CONNECTIONS,
    seconds,
    // The export's statements, to replay its COPY with psql.
    async whileLogging(logged, loggedToken, logFile) {
      const from = await logSize(logFile)
      const probe = new AbortController()
      await fetch(`${logged.url}/api/videos/exportCsv`, {
        headers: { authorization: `Bearer ${loggedToken}` },
        signal: probe.signal,
      })
      probe.abort()
      await new Promise((r) => setTimeout(r, 500))
      copy = (await statementsSince(logFile, from, name)).find((s) => /^copy /i.test(s.text.trim()))
    },
  }))

  // A fresh server for the export: the load above grew the heap, which a peak would otherwise read.
  await server.stop()
  server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0' })
  token = await login(server)
  const before = await memoryMb(server.pid)
  // Three of each, taking turns, so neither side alone meets a cold cache or a busy moment; medians compared.
  const exports: number[] = []
  const wires: number[] = []
  const floors: number[] = []
  let bytes = 0
  let wireBytes = 0
  const running = server
  const { peak: memory } = await peakMemoryDuring(server.pid, async (begin) => {
    begin()
    for (let turn = 0; turn < 3; turn++) {
      const exported = await exportAll(running, token)
      exports.push(exported.seconds)
      bytes = exported.bytes
      floors.push(await psqlCopySeconds(url, EXPORT_FLOOR))
      const wire = await exportWire(running, token)
      wires.push(wire.seconds)
      wireBytes = wire.bytes
    }
  })
  const replay = copy ? await psqlCopySeconds(url, copy.text, EXPORT_SETTINGS) : Number.NaN
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[1] as number
  const listed = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ')
  console.log(
    `\nexport of ${rows} rows (${(bytes / 1024 / 1024).toFixed(0)} MB), three times: ${listed(exports)} s; ` +
      `psql \\copy of a plain query of the same columns between them: ${listed(floors)} s; ` +
      `medians ${median(exports).toFixed(2)} s against ${median(floors).toFixed(2)} s: ` +
      `${(median(floors) / median(exports)).toFixed(2)} of its speed; ` +
      `received compressed (${(wireBytes / 1024 / 1024).toFixed(0)} MB, not decompressed here) ${listed(wires)} s: ` +
      `${(median(floors) / median(wires)).toFixed(2)} of the floor's speed; ` +
      `the export's own COPY by psql ${replay.toFixed(2)} s` +
      `${copy ? '' : ' (no COPY captured: the export took the rows path)'}; ` +
      `server peak memory through them ${memory.toFixed(0)} MB, read every 10 ms (${before.toFixed(0)} MB before)`,
  )

  // Then the same server serves a million rows' imports (IMPORT_ROWS an upload, the most one takes), and
  // exports once more: its memory through an export after that work.
  const imports: number[] = []
  for (let batch = 0; batch < IMPORTS; batch++) imports.push(await importRows(server, token, batch))
  const imported = await memoryMb(server.pid)
  const { result: after, peak: exportPeak } = await peakMemoryDuring(server.pid, (begin) =>
    exportWire(running, token, begin),
  )
  const sortedImports = [...imports].sort((x, y) => x - y)
  console.log(
    `${IMPORTS} imports of ${IMPORT_ROWS} rows from CSV (tags and a director each) on that server: ` +
      `${imports.reduce((sum, s) => sum + s, 0).toFixed(1)} s, ` +
      `median ${(sortedImports[Math.floor(IMPORTS / 2)] ?? 0).toFixed(2)} s an upload; its memory then ` +
      `${imported.toFixed(0)} MB, and its peak through one more export (${(after.bytes / 1024 / 1024).toFixed(0)} ` +
      `MB compressed, the imported rows too) ${exportPeak.toFixed(0)} MB (resident memory read every 10 ms from its first byte)`,
  )
} finally {
  await server?.stop()
  await database.drop()
}
