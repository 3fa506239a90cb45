/**
 * Members, their subscriptions and a million audit entries at a million rows each, and orders at ten
 * million (issue: members and commerce, item 11), against the database's own speed, in one run on PostgreSQL. The rows are loaded by SQL into a fresh database (dropped
 * after); the real server runs on it as its own process. For each list staff use (filters, a keyword, a
 * joined sort), prints API requests a second at 16 connections and p99 beside pgbench of a bare SELECT of
 * the same page written here (the floor), a bare Fastify route serving it, and pgbench replaying the
 * request's statements (bench/support/list-cases.ts). Asserts nothing.
 *
 *   npx tsx bench/commerce-scale.ts [members] [orders]    BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10
 */
import { sql } from 'drizzle-orm'
import type { RunningServer } from '../e2e/support/server.ts'
import { queryRows } from '../server/src/db/client.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { loadCommerce, loadTrails } from './support/commerce-load.ts'
import { compareListCases, type ListCase } from './support/list-cases.ts'

const members = Number(process.argv[2] ?? 1_000_000)
const orderCount = Number(process.argv[3] ?? 10_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const database = await createTestDatabase('postgres')
const url = database.url as string
const db = database.database.db
let server: RunningServer | undefined
try {
  await loadCommerce(db, members, orderCount)
  await loadTrails(db, members)

  const [plan] = await queryRows<{ id: number }>(db, sql`select min(id) + 7 as id from plans`)
  const planId = plan?.id
  const week = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

  const [member] = await queryRows<{ id: number }>(db, sql`select min(id) + 4321 as id from users`)
  const page = 'limit 20'
  const deep = 'limit 20 offset 7980'
  // A sort by plan name at its fastest by hand: each plan's first rows by its index, then the plans in order
  // (a join sorted whole reads every row: 0.2 a second over ten million orders, no floor at all).
  const cases: ListCase[] = [
    ['members: first page', '/api/users', `select * from users order by id desc ${page}`],
    [
      'members: status filter',
      '/api/users?status=disabled',
      `select * from users where status = 'disabled' order by id desc ${page}`,
    ],
    [
      'members: plan filter',
      `/api/users?plan_id=${planId}`,
      `select * from users where plan_id = ${planId} order by id desc ${page}`,
    ],
    [
      'members: keyword',
      '/api/users?keyword=member123456',
      `select * from users where lower(username) like 'member123456%' or lower(email) like 'member123456%' or lower(phone) like 'member123456%' order by id desc ${page}`,
    ],
    [
      'members: sort by plan name',
      '/api/users?sort=plan_name',
      `select u.* from plans p cross join lateral (select * from users where plan_id = p.id order by id ${page}) u order by p.name, u.id ${page}`,
    ],
    ['members: page 400', '/api/users?page=400', `select * from users order by id desc ${deep}`],
    ['orders: first page', '/api/orders', `select * from orders order by paid_at desc, id ${page}`],
    [
      "orders: a member's orders",
      `/api/orders?user_id=${member?.id}`,
      `select * from orders where user_id = ${member?.id} order by paid_at desc, id ${page}`,
    ],
    [
      'orders: payment method',
      '/api/orders?payment_method=epoch',
      `select * from orders where payment_method = 'epoch' order by paid_at desc, id ${page}`,
    ],
    [
      'orders: paid last week',
      `/api/orders?paid_at_from=${week(7)}&paid_at_to=${week(0)}`,
      `select * from orders where paid_at >= '${week(7)}' and paid_at < '${week(0)}'::date + 1 order by paid_at desc, id ${page}`,
    ],
    [
      'orders: keyword',
      '/api/orders?keyword=ORD001234567',
      `select * from orders where lower(order_no) like 'ord001234567%' or lower(transaction_number) like 'ord001234567%' order by paid_at desc, id ${page}`,
    ],
    [
      'orders: sort by plan name',
      '/api/orders?sort=plan_name',
      `select o.* from plans p cross join lateral (select * from orders where plan_id = p.id order by id ${page}) o order by p.name, o.id ${page}`,
    ],
    ['orders: page 400', '/api/orders?page=400', `select * from orders order by paid_at desc, id ${deep}`],
    [
      'subscriptions: first page',
      '/api/subscriptions',
      `select * from subscriptions order by id desc ${page}`,
    ],
    [
      'subscriptions: status filter',
      '/api/subscriptions?status=expired',
      `select * from subscriptions where status = 'expired' order by id desc ${page}`,
    ],
    [
      'subscriptions: plan filter',
      `/api/subscriptions?plan_id=${planId}`,
      `select * from subscriptions where plan_id = ${planId} order by id desc ${page}`,
    ],
    [
      'subscriptions: keyword',
      '/api/subscriptions?keyword=member123456',
      `select s.* from subscriptions s join users u on u.id = s.user_id where lower(u.username) like 'member123456%' order by s.id desc ${page}`,
    ],
    [
      'subscriptions: page 400',
      '/api/subscriptions?page=400',
      `select * from subscriptions order by id desc ${deep}`,
    ],
    ['audit logs: first page', '/api/audit-logs', `select * from audit_logs order by id desc ${page}`],
    [
      'audit logs: action filter',
      '/api/audit-logs?action=delete',
      `select * from audit_logs where action = 'delete' order by id desc ${page}`,
    ],
    [
      'audit logs: resource filter',
      '/api/audit-logs?resource=videos',
      `select * from audit_logs where resource = 'videos' order by id desc ${page}`,
    ],
    ['audit logs: page 400', '/api/audit-logs?page=400', `select * from audit_logs order by id desc ${deep}`],
  ]
  ;({ server } = await compareListCases({ adminUrl, url, cases, connections: CONNECTIONS, seconds }))
} finally {
  await server?.stop()
  await database.drop()
}
