/**
 * Members, their subscriptions and a million audit entries at a million rows each, and orders at ten
 * million (issue: members and commerce, item 11), against the database's own speed, in one run on
 * PostgreSQL. The rows are loaded by SQL into a fresh database (dropped after); the real server runs on it
 * as its own process. For each list staff use (a first page, filters, a keyword, a joined sort, page 400),
 * prints API requests a second at 16 connections and p99 beside pgbench of a bare SELECT of the same page
 * written here (the floor), a bare Fastify route serving it, and pgbench replaying the
 * request's statements (bench/support/list-cases.ts). Asserts nothing.
 *
 *   npx tsx bench/commerce-scale.ts [members] [orders]    BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10
 *   BENCH_CASES='orders,members: keyword' (only the cases whose label starts so)
 *   BENCH_KEEP=1 (keep the loaded database; drop it by hand)  BENCH_REUSE_URL=postgres://.../vod_test_... (time it again)
 */
import { sql } from 'drizzle-orm'
import type { RunningServer } from '../e2e/support/server.ts'
import { queryRows } from '../server/src/db/client.ts'
import { benchDatabase } from './support/bench-database.ts'
import { loadCommerce, loadTrails } from './support/commerce-load.ts'
import { compareListCases, type ListCase } from './support/list-cases.ts'

const members = Number(process.argv[2] ?? 1_000_000)
const orderCount = Number(process.argv[3] ?? 10_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16
const only = process.env.BENCH_CASES?.split(',')
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const database = await benchDatabase()
const url = database.url
const db = database.database.db
let server: RunningServer | undefined
try {
  if (!database.reused) {
    await loadCommerce(db, members, orderCount)
    await loadTrails(db, members)
  }

  const [plan] = await queryRows<{ id: number }>(db, sql`select min(id) + 7 as id from plans`)
  const planId = plan?.id
  const week = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

  const [member] = await queryRows<{ id: number }>(db, sql`select min(id) + 4321 as id from users`)
  const page = 'limit 20'
  /**
   * A list's page in its default order (`order`), unfiltered or by one exact value (`?column=value`), or its
   * page 400, beside the bare SELECT of the same page.
   */
  const paged =
    (list: string, path: string, table: string, order: string) =>
    (
      label: string,
      filter?: [column: string, value: string | number],
      at: 'first' | 'deep' = 'first',
    ): ListCase => [
      `${list}: ${label}`,
      `/api/${path}${filter ? `?${filter[0]}=${filter[1]}` : at === 'deep' ? '?page=400' : ''}`,
      `select * from ${table}${filter ? ` where ${filter[0]} = '${filter[1]}'` : ''} order by ${order} ${at === 'deep' ? 'limit 20 offset 7980' : page}`,
    ]
  const usersPage = paged('members', 'users', 'users', 'id desc')
  const ordersPage = paged('orders', 'orders', 'orders', 'paid_at desc, id')
  const subscriptionsPage = paged('subscriptions', 'subscriptions', 'subscriptions', 'id desc')
  const auditPage = paged('audit logs', 'audit-logs', 'audit_logs', 'id desc')
  // A sort by plan name at its fastest by hand: each plan's first rows by its index, then the plans in order
  // (a join sorted whole reads every row: 0.2 a second over ten million orders, no floor at all).
  const all: ListCase[] = [
    usersPage('first page'),
    usersPage('status filter', ['status', 'disabled']),
    usersPage('plan filter', ['plan_id', planId ?? 0]),
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
    usersPage('page 400', undefined, 'deep'),
    ordersPage('first page'),
    ordersPage("a member's orders", ['user_id', member?.id ?? 0]),
    ordersPage('payment method', ['payment_method', 'epoch']),
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
    ordersPage('page 400', undefined, 'deep'),
    subscriptionsPage('first page'),
    subscriptionsPage('status filter', ['status', 'expired']),
    subscriptionsPage('plan filter', ['plan_id', planId ?? 0]),
    [
      'subscriptions: keyword',
      '/api/subscriptions?keyword=member123456',
      `select s.* from subscriptions s join users u on u.id = s.user_id where lower(u.username) like 'member123456%' order by s.id desc ${page}`,
    ],
    subscriptionsPage('page 400', undefined, 'deep'),
    auditPage('first page'),
    auditPage('action filter', ['action', 'delete']),
    auditPage('resource filter', ['resource', 'videos']),
    auditPage('page 400', undefined, 'deep'),
  ]
  const cases = all.filter(([label]) => !only || only.some((start) => label.startsWith(start)))
  ;({ server } = await compareListCases({ adminUrl, url, cases, connections: CONNECTIONS, seconds }))
} finally {
  await server?.stop()
  await database.finish()
}
