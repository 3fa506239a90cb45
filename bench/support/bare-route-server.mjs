// The least a Node HTTP API can do for a list page (support/bare-route.ts): Fastify, a pg pool of the
// product's size, one prepared statement, the rows as JSON. No auth, no validation, no count. `/constant`
// answers what the product's /api/health does, without a database: Fastify's own cost a request. `/events`
// holds a server-sent event stream open as the product's presence does, with nothing behind it.
import { PassThrough } from 'node:stream'
import Fastify from 'fastify'
import pg from 'pg'

const floors = JSON.parse(process.env.FLOORS ?? '[]')
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) })
const app = Fastify({ logger: false })
app.get('/floor/:n', async (request) => {
  const n = Number(request.params.n)
  const { rows } = await pool.query({ name: `floor${n}`, text: floors[n] })
  return { data: rows }
})
app.get('/constant', async () => ({ status: 'ok', database: 'up' }))
app.get('/events', async (_request, reply) => {
  const out = new PassThrough()
  out.write(`retry: 3000\n\nevent: hello\ndata: ${JSON.stringify({ connection: crypto.randomUUID() })}\n\n`)
  const ping = setInterval(() => out.write(': ping\n\n'), 15_000)
  reply.raw.on('close', () => clearInterval(ping))
  return reply.type('text/event-stream; charset=utf-8').send(out)
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.stdout.write('listening\n')
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
)
