/** A dashboard or analytics call the benches drive, and which raw query answers the same figure. */
export interface AnalyticsCall {
  path: string
  /** `live`: today's panel (no period); `series`, `channels`, `visitors`: the raw query it is timed against. */
  kind: string
  period: boolean
}

/** One call of each kind, or with `every` every call with a period (BENCH_ALL=1). */
export function analyticsCalls(every: boolean): AnalyticsCall[] {
  return [
    { path: '/api/dashboard', kind: 'live', period: false },
    { path: '/api/dashboard/real-time-users', kind: 'live', period: false },
    { path: '/api/dashboard/real-time-revenues', kind: 'live', period: false },
    { path: '/api/analytics/channel/todayRecord', kind: 'live', period: false },
    { path: '/api/analytics/channel/records', kind: 'series', period: true },
    { path: '/api/analytics/channel/periodStatistic', kind: 'series', period: true },
    { path: '/api/analytics/channel/revenuePieChart', kind: 'channels', period: true },
    { path: '/api/analytics/channel/subscriptionReferrals', kind: 'channels', period: true },
    { path: '/api/analytics/channel/type-revenue-distribution', kind: 'channels', period: true },
    { path: '/api/dashboard/planList', kind: 'channels', period: true },
    { path: '/api/dashboard/devices', kind: 'visitors', period: true },
    { path: '/api/analytics/channel/exportCsv', kind: 'series', period: true },
    ...(every
      ? [
          '/api/analytics/revenue/companyDataDaily',
          '/api/analytics/data/daily',
          '/api/analytics/channel/userLineChart',
          '/api/analytics/channel/revenueLineChart',
          '/api/analytics/channel/userPieChart',
          '/api/analytics/channel/refundStatistics',
          '/api/analytics/campaign/statistic',
          '/api/analytics/subscriber-source',
          '/api/analytics/refund-statistics',
          '/api/dashboard/revenueGather',
          '/api/dashboard/revenueTrend',
          '/api/dashboard/memberTrend',
          '/api/dashboard/channelList',
        ].map((path) => ({ path, kind: 'series', period: true }))
      : []),
  ]
}
