import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'

/**
 * Subscription economics kept (issue 66 item 2, docs/analytics.md "Subscription economics kept"): its
 * movements are not sums over rows (a member is classified over the scope and period asked), so what is kept
 * is each member's classification, per scope and period, worked out again whole whenever one of their
 * subscriptions or its plan's prices change (modules/economics/keeping.ts), and the sums of those per scope
 * and period. A scope is `all` (scope_id -1), a `channel`, `campaign` (0: none) or `plan`; a period a
 * business `day`, `month` or `year` of the kept zone. Money is whole cents, numeric: a sum of whatever prices the
 * member site may store never overflows (bigint could, and would stop the keeping).
 */
const scope = {
  scopeKind: text('scope_kind', { enum: ['all', 'channel', 'campaign', 'plan'] }).notNull(),
  scopeId: integer('scope_id').notNull(),
  grain: text('grain', { enum: ['day', 'month', 'year', 'first'] }).notNull(),
  period: date('period', { mode: 'string' }).notNull(),
}
const cents = (name: string) => numeric(name, { precision: 38, scale: 0 }).notNull().default('0')
const members = (name: string) => integer(name).notNull().default(0)

/**
 * A member's MRR in a scope just before a period starts (`before`) and just before it ends (`after`), for the
 * periods in which it differs, with the first instant they paid in that scope: what classifies them. And one
 * row a member and scope of grain `first`, the month of that instant (`before` and `after` 0): their cohort,
 * whether or not any period's MRR differs (a member who paid for a few hours).
 */
export const economicsMemberPeriods = pgTable(
  'economics_member_periods',
  {
    userId: integer('user_id').notNull(),
    ...scope,
    before: cents('before'),
    after: cents('after'),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scopeKind, t.scopeId, t.grain, t.period] }),
    // Every column, so a period's members are read from the index alone, in one range of it.
    index('economics_member_periods_scope_index').on(
      t.scopeKind,
      t.scopeId,
      t.grain,
      t.period,
      t.userId,
      t.before,
      t.after,
      t.firstAt,
    ),
  ],
)

/** The members' rows summed per scope and period: the movements, and what they move the MRR and members by. */
export const economicsPeriods = pgTable(
  'economics_periods',
  {
    ...scope,
    mrrMoved: cents('mrr_moved'),
    joined: members('joined'),
    newMrr: cents('new_mrr'),
    reactivation: cents('reactivation'),
    expansion: cents('expansion'),
    contraction: cents('contraction'),
    churn: cents('churn'),
    newMembers: members('new_members'),
    reactivatedMembers: members('reactivated_members'),
    expandedMembers: members('expanded_members'),
    contractedMembers: members('contracted_members'),
    churnedMembers: members('churned_members'),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId, t.grain, t.period] })],
)

/**
 * The members' month and `first` rows summed per scope, cohort (the month of their first paying instant) and
 * month: the retention cohorts (docs/analytics.md "Subscription economics kept"). `entered`: the cohort's
 * members (in its own month's row); `joined` and `mrr_moved`: how its paying members and MRR moved in the month.
 */
export const economicsCohorts = pgTable(
  'economics_cohorts',
  {
    scopeKind: scope.scopeKind,
    scopeId: scope.scopeId,
    cohort: date('cohort', { mode: 'string' }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    entered: members('entered'),
    joined: members('joined'),
    mrrMoved: cents('mrr_moved'),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId, t.cohort, t.period] })],
)

/**
 * First-period conversion kept (docs/analytics.md "Subscription economics kept"): each subscription whose
 * initial period pays a lower MRR than its recurring one, the instant that period ends (`due_at`), whether a
 * paid order of it (amount above 0) came at or after then, and what it is counted under (channel and campaign
 * 0: none), as the keeping worked its member out.
 */
export const economicsMemberDues = pgTable(
  'economics_member_dues',
  {
    subscriptionId: integer('subscription_id').primaryKey(),
    userId: integer('user_id').notNull(),
    planId: integer('plan_id').notNull(),
    channelId: integer('channel_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    converted: boolean('converted').notNull(),
  },
  (t) => [
    index('economics_member_dues_user_id_index').on(t.userId),
    // Today's are read from here: the kept days are those before it.
    index('economics_member_dues_due_at_index').on(t.dueAt),
  ],
)

/** The subscriptions due summed per scope, plan and business day their initial period ends: due and converted. */
export const economicsDues = pgTable(
  'economics_dues',
  {
    scopeKind: scope.scopeKind,
    scopeId: scope.scopeId,
    planId: integer('plan_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    due: members('due'),
    converted: members('converted'),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId, t.day, t.planId] })],
)

/**
 * Members whose rows are to be worked out again, and whose change made them so (`source`, the member site's
 * table): a subscription of theirs (`subscriptions`), its plan's prices or periods (`plans`), or a paid order of
 * one of their subscriptions (`orders`: only its conversion can change).
 */
export const economicsStale = pgTable(
  'economics_stale',
  {
    userId: integer('user_id').notNull(),
    source: text('source', { enum: ['subscriptions', 'plans', 'orders'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] })],
)

/**
 * What changed the economics of closed business months (docs/analytics.md "Restatements of subscription
 * economics"): per scope, month, cohort (a retention cohort's figures; null for the month's own) and figure
 * (the wire's names: the five movements, the members each, closing MRR and members; a cohort's members, its
 * members paying and their MRR), the member site's table behind it and the minute the keeping worked the
 * members out, the figure's value before and after (cents for money), as the keeping had it then: a minute's
 * changes are one entry, from the first one's before to the last one's after.
 */
export const economicsRestatements = pgTable(
  'economics_restatements',
  {
    month: date('month', { mode: 'string' }).notNull(),
    cohort: date('cohort', { mode: 'string' }),
    scopeKind: scope.scopeKind,
    scopeId: scope.scopeId,
    figure: text('figure').notNull(),
    source: text('source', { enum: ['subscriptions', 'plans'] }).notNull(),
    before: numeric('before', { precision: 38, scale: 0 }).notNull(),
    after: numeric('after', { precision: 38, scale: 0 }).notNull(),
    notedAt: timestamp('noted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('economics_restatements_entry')
      .on(t.scopeKind, t.scopeId, t.month, t.cohort, t.figure, t.source, t.notedAt)
      .nullsNotDistinct(),
  ],
)

/**
 * One row: the zone the periods are kept in and whether every member was worked out in it since the rows were
 * last set to be kept anew (`built`); until then the answers are computed from the raw rows.
 */
export const economicsKept = pgTable('economics_kept', {
  only: boolean('only').primaryKey().default(true),
  zone: text('zone'),
  built: boolean('built').notNull().default(false),
})
