import { differenceOf, netPayout, type PaymentProvider } from '@vod/contract'
import type { Db } from './client.ts'
import { picker, random } from './demo-random.ts'
import { addPeriod, DAY, type DemoPlan, type DemoRun, laterRuns, runFrom } from './demo-runs.ts'
import {
  campaigns,
  channels,
  deals,
  ipWhitelists,
  orders,
  plans,
  promotionPlans,
  promotions,
  segpayPayoutReports,
  subscriptions,
  users,
} from './schema/index.ts'

export const DEMO_MEMBERS = 200
/**
 * Days back the members' sign-ups reach (most of them recent): two years, so the Subscriptions screen's cohorts,
 * churn and LTV have two years of shape (issue 66, item 5). Visits reach one year back (demo-analytics.ts).
 */
const SIGNUP_DAYS = 730

/** Prices in cents: the demo adds money up exactly, as the product does. */
const demoPlans: DemoPlan[] = [
  {
    name: 'monthly',
    title: 'Monthly 月度会员',
    initial: [1, 'month', 1999, 1499],
    recurring: [1, 'month', 1999, null],
  },
  {
    name: 'quarterly',
    title: 'Quarterly 季度会员',
    initial: [3, 'month', 4999, null],
    recurring: [3, 'month', 4999, 4499],
  },
  {
    name: 'yearly',
    title: 'Yearly 年度会员',
    initial: [1, 'year', 14999, 11999],
    recurring: [1, 'year', 14999, null],
    isBest: true,
  },
  { name: 'trial', title: 'One-week pass 周卡', initial: [7, 'day', 499, null], recurring: null },
]

const demoChannels = [
  {
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'brand',
    type: 'advertising' as const,
    profitSharing: '0.00',
  },
  {
    utmSource: 'twitter',
    utmMedium: 'social',
    utmCampaign: 'launch',
    type: 'social' as const,
    profitSharing: '0.00',
  },
  {
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'weekly',
    type: 'email' as const,
    profitSharing: '0.00',
  },
  {
    utmSource: 'filmfans',
    utmMedium: 'referral',
    utmId: 'FF-01',
    type: 'affiliate' as const,
    profitSharing: '30.00',
  },
  {
    utmSource: 'partner-tv',
    utmMedium: 'partner',
    type: 'partner' as const,
    profitSharing: '15.50',
    status: 'archived' as const,
  },
]

const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Leo',
  'Zoe',
  'Ethan',
  '伟',
  '芳',
  '娜',
  '敏',
]
const lastNames = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Dubois',
  'Tanaka',
  'Kim',
  'Silva',
  '王',
  '李',
  '张',
  '刘',
]
const providers: PaymentProvider[] = ['segpay', 'segpay', 'ccbill', 'epoch', 'verotel']

const cents = (value: number) => (value / 100).toFixed(2)
const day = (date: Date) => date.toISOString().slice(0, 10)

/** The provider's cut of a payment, in cents: a transaction fee, a settlement fee and (segpay) a reserve. */
function fees(amount: number, provider: PaymentProvider) {
  const transaction = Math.round(amount * 0.045) + 30
  const settlement = Math.round(amount * 0.01)
  const reserve = provider === 'segpay' ? Math.round(amount * 0.05) : 0
  return { transaction, settlement, reserve, total: amount - transaction - settlement - reserve }
}

interface DemoOrder {
  member: number
  plan: number
  subscription: number
  channel: number | null
  campaign: number | null
  amount: number
  provider: PaymentProvider
  paidAt: Date
}

/**
 * Members, plans, promotions, deals, channels with campaigns, subscriptions, orders and payout reports that
 * agree with each other: each member's subscription is to its plan and came through its channel, its orders
 * are that plan's first payment and renewals until it ended, and each month's segpay payout adds up its
 * segpay orders. Deterministic for a seed and an anchor day (today by default); only into empty tables.
 */
export async function seedDemoCommerce(
  db: Db,
  options: { seed?: number; today?: Date } = {},
): Promise<number> {
  if ((await db.select({ id: plans.id }).from(plans).limit(1)).length > 0) return 0
  if ((await db.select({ id: users.id }).from(users).limit(1)).length > 0) return 0
  const next = random(options.seed ?? 20261122)
  const pick = picker(next)
  const today = new Date(day(options.today ?? new Date()))

  return db.transaction(async (tx) => {
    const planRows = await tx
      .insert(plans)
      .values(
        demoPlans.map((plan, i) => ({
          name: plan.name,
          title: plan.title,
          initialPeriodCount: plan.initial[0],
          initialPeriodUnit: plan.initial[1],
          initialOriginalPrice: cents(plan.initial[2]),
          initialDiscountPrice: plan.initial[3] === null ? null : cents(plan.initial[3]),
          recurringPeriodCount: plan.recurring?.[0] ?? null,
          recurringPeriodUnit: plan.recurring?.[1] ?? null,
          recurringOriginalPrice: plan.recurring ? cents(plan.recurring[2]) : null,
          recurringDiscountPrice: plan.recurring?.[3] ? cents(plan.recurring[3]) : null,
          downloadable: plan.name === 'yearly',
          isBest: plan.isBest ?? false,
          sort: i + 1,
          segpayId: `SP-${1000 + i}`,
          ccbillId: `CB-${2000 + i}`,
          epochId: `EP-${3000 + i}`,
          verotelId: `VT-${4000 + i}`,
        })),
      )
      .returning({ id: plans.id })
    const planIds = planRows.map((row) => row.id)

    const channelRows = await tx.insert(channels).values(demoChannels).returning({ id: channels.id })
    const campaignRows = await tx
      .insert(campaigns)
      .values(
        channelRows.flatMap(({ id }, c) =>
          ['Spring', 'Autumn'].map((season, position) => ({
            channelId: id,
            name: `${season} ${demoChannels[c]?.utmSource}`,
            utmCampaign: `${season.toLowerCase()}-2026`,
            landingUrl: `https://videos.example.com/join?src=${demoChannels[c]?.utmSource}`,
            startedOn: day(new Date(today.getTime() - (position === 0 ? 240 : 60) * DAY)),
            endedOn: day(new Date(today.getTime() - (position === 0 ? 150 : -30) * DAY)),
            budget: cents(50_000 * (position + 1)),
            position,
          })),
        ),
      )
      .returning({ id: campaigns.id, channelId: campaigns.channelId })

    const promotionRows = await tx
      .insert(promotions)
      .values([
        {
          name: 'Spring sale',
          code: 'SPRING26',
          startedAt: new Date(today.getTime() - 200 * DAY),
          endedAt: new Date(today.getTime() - 170 * DAY),
          times: 500,
          status: 'disabled' as const,
        },
        {
          name: 'Winter welcome 冬季迎新',
          code: 'WINTER26',
          startedAt: new Date(today.getTime() - 10 * DAY),
          endedAt: new Date(today.getTime() + 30 * DAY),
          times: 1000,
        },
      ])
      .returning({ id: promotions.id })
    await tx.insert(promotionPlans).values([
      { promotionId: promotionRows[0]?.id as number, planId: planIds[0] as number },
      { promotionId: promotionRows[1]?.id as number, planId: planIds[0] as number },
      { promotionId: promotionRows[1]?.id as number, planId: planIds[2] as number },
    ])
    await tx.insert(deals).values([
      {
        name: 'Black Friday yearly',
        planId: planIds[2] as number,
        price: '99.00',
        startedAt: new Date(today.getTime() + 4 * DAY),
        endedAt: new Date(today.getTime() + 8 * DAY),
      },
      {
        name: 'Summer monthly',
        planId: planIds[0] as number,
        price: '9.99',
        startedAt: new Date(today.getTime() - 150 * DAY),
        endedAt: new Date(today.getTime() - 120 * DAY),
        status: 'disabled' as const,
      },
    ])
    await tx.insert(ipWhitelists).values([
      { address: '203.0.113.0/24', note: 'Head office' },
      { address: '198.51.100.7', note: 'Support team VPN' },
      { address: '2001:db8::/48', note: 'Partner studio (IPv6)' },
    ])

    // Members: who they are, when they signed up, where they came from and what they chose.
    const people = Array.from({ length: DEMO_MEMBERS }, (_, i) => {
      const first = pick(firstNames)
      const last = pick(lastNames)
      const signedUp = new Date(
        today.getTime() - Math.floor(next() ** 1.5 * SIGNUP_DAYS) * DAY - 1 - Math.floor(next() * DAY),
      )
      const planIndex = Math.floor(next() ** 1.4 * demoPlans.length)
      const channelIndex = next() < 0.3 ? null : Math.floor(next() * channelRows.length)
      const channelId = channelIndex === null ? null : (channelRows[channelIndex]?.id as number)
      const campaign =
        channelId === null ? undefined : pick(campaignRows.filter((row) => row.channelId === channelId))
      const cancels = next() < 0.25
      return { i, first, last, signedUp, planIndex, channelId, campaignId: campaign?.id ?? null, cancels }
    })

    // Each member's first subscription runs from sign-up through its paid periods; it ends when cancelled or
    // one-off. Some members then change plan or come back (laterRuns, on a stream of its own).
    const later = random((options.seed ?? 20261122) + 1)
    const lives = people.map((person) => {
      const renewals = person.cancels ? Math.floor(next() * 3) : Number.POSITIVE_INFINITY
      const cancelled = person.cancels
        ? (last: Date) => new Date(last.getTime() + Math.floor(next() * 5) * DAY)
        : null
      const first = runFrom(demoPlans, person.planIndex, person.signedUp, today, renewals, cancelled)
      return { person, runs: laterRuns(demoPlans, first, today, later) }
    })
    const lastRun = (runs: readonly DemoRun[]) => runs.at(-1) as DemoRun

    const memberRows = await tx
      .insert(users)
      .values(
        lives.map(({ person, runs }) => ({
          username: `member${String(person.i + 1).padStart(3, '0')}`,
          email: `member${person.i + 1}@example.com`,
          firstName: person.first,
          lastName: person.last,
          birthdate: day(
            new Date(
              Date.UTC(1960 + Math.floor(next() * 45), Math.floor(next() * 12), 1 + Math.floor(next() * 28)),
            ),
          ),
          phone: `+1 555 ${String(1000 + person.i).padStart(4, '0')}`,
          status: next() < 0.05 ? ('disabled' as const) : ('enabled' as const),
          planId: planIds[lastRun(runs).planIndex] as number,
          startDate: day(person.signedUp),
          endDate: day(lastRun(runs).end),
          channelId: person.channelId,
          campaignId: person.campaignId,
          emailVerifiedAt: next() < 0.8 ? person.signedUp : null,
          createdAt: person.signedUp,
        })),
      )
      .returning({ id: users.id })

    // Every subscription of every member, in the members' order, each with the member's row.
    const runs = lives.flatMap(({ person, runs }, i) => runs.map((run) => ({ person, run, member: i })))
    const subscriptionRows = await tx
      .insert(subscriptions)
      .values(
        runs.map(({ person, run, member }) => ({
          userId: memberRows[member]?.id as number,
          planId: planIds[run.planIndex] as number,
          channelId: person.channelId,
          campaignId: person.campaignId,
          status: run.status,
          startedAt: run.startedAt,
          endedAt: run.status === 'active' ? null : run.end,
          cancelledAt: run.cancelledAt,
        })),
      )
      .returning({ id: subscriptions.id })

    // A member pays every subscription with one provider.
    const providerOf = lives.map(() => pick(providers))
    const demoOrders: DemoOrder[] = runs.flatMap(({ person, run, member }, i) =>
      run.payments.map((payment) => ({
        member: memberRows[member]?.id as number,
        plan: planIds[run.planIndex] as number,
        subscription: subscriptionRows[i]?.id as number,
        channel: person.channelId,
        campaign: person.campaignId,
        amount: payment.amount,
        provider: providerOf[member] as PaymentProvider,
        paidAt: new Date(payment.at.getTime() + Math.floor(next() * 600_000)),
      })),
    )
    demoOrders.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())
    const orderRows = demoOrders.map((order, n) => {
      const cut = fees(order.amount, order.provider)
      return {
        orderNo: `ORD${day(order.paidAt).replaceAll('-', '')}${String(n + 1).padStart(5, '0')}`,
        userId: order.member,
        planId: order.plan,
        subscriptionId: order.subscription,
        channelId: order.channel,
        campaignId: order.campaign,
        amount: cents(order.amount),
        paymentMethod: order.provider,
        transactionNumber: `${order.provider.toUpperCase()}-${(700_000 + n * 7919).toString(36).toUpperCase()}`,
        paidAt: order.paidAt,
        transactionFee: cents(cut.transaction),
        settlementFee: cents(cut.settlement),
        reserveFee: cents(cut.reserve),
        totalAmount: cents(cut.total),
        createdAt: order.paidAt,
      }
    })
    for (let from = 0; from < orderRows.length; from += 500)
      await tx.insert(orders).values(orderRows.slice(from, from + 500))

    // Segpay pays each finished month out: its orders' amounts, less the fees, a few refunds and chargebacks.
    const months = new Map<string, { gross: number; fees: number }>()
    const thisMonth = new Date(`${day(today).slice(0, 8)}01`)
    for (const order of demoOrders.filter((o) => o.provider === 'segpay' && o.paidAt < thisMonth)) {
      const month = day(order.paidAt).slice(0, 7)
      const cut = fees(order.amount, order.provider)
      const sum = months.get(month) ?? { gross: 0, fees: 0 }
      months.set(month, {
        gross: sum.gross + order.amount,
        fees: sum.fees + cut.transaction + cut.settlement,
      })
    }
    const reports = [...months].map(([month, sum]) => {
      const refunds = Math.round(sum.gross * 0.02)
      const chargebacks = Math.round(sum.gross * 0.005)
      const start = new Date(`${month}-01T00:00:00Z`)
      const end = new Date(addPeriod(start, 1, 'month').getTime() - DAY)
      return {
        periodStart: day(start),
        periodEnd: day(end),
        gross: cents(sum.gross),
        fees: cents(sum.fees),
        refunds: cents(refunds),
        chargebacks: cents(chargebacks),
        net: cents(differenceOf(netPayout.difference, (part) => ({ ...sum, refunds, chargebacks })[part])),
        paidOn: day(new Date(end.getTime() + 15 * DAY)),
        reference: `SEGPAY-${month}`,
      }
    })
    if (reports.length > 0) await tx.insert(segpayPayoutReports).values(reports)

    return (
      planRows.length +
      channelRows.length +
      campaignRows.length +
      promotionRows.length +
      2 +
      3 +
      memberRows.length +
      subscriptionRows.length +
      orderRows.length +
      reports.length
    )
  })
}
