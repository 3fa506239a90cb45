/**
 * Writes docs/figures.md from the figure registry (contract/src/figures.ts): `npx tsx scripts/figures-doc.ts`.
 * server/test/figure-registry.test.ts fails while the file's table is not the registry's.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { economicsTable } from '../contract/src/economics.ts'
import { figureTable } from '../contract/src/figures.ts'

const doc = `# Figures

Every figure of the dashboard, the analytics and the CSV exports, and the payout reports' net payout, as the
figure registry defines it (\`contract/src/figures.ts\`). The table is written from the registry
(\`npx tsx scripts/figures-doc.ts\`); \`server/test/figure-registry.test.ts\` fails when it is not, when a
figure's formula is written anywhere else in the code, and when the database's fold adds something else than
the registry's SQL says.

Each figure of a period is the SQL below over the raw rows whose time is in the period's business days
(\`BUSINESS_TIME_ZONE\`). The answers read them from the rollups the fold keeps (docs/analytics.md, "How the
figures are kept"), never from the raw rows; the registry test and \`server/test/api/analytics.test.ts\`
check that they are equal. A kept figure is a rollup column; the others are made from them. Money is exact:
numeric in SQL, integer cents in JavaScript, strings with two places on the wire (\`moneySum\`).

There are two nets: **net revenue** (\`net\` of the analytics and the dashboard, 净收入) keeps the fees in;
a payout report's **net payout** (\`net\` of \`/segpay-payout-reports\`, 结算净额) takes them off.

Every way a kept figure is kept (the fold, the corrections, the change stream, the rebuild, the business days)
runs SQL written from the registry (\`server/src/db/sql/kept-figures.sql\`, by \`server/src/db/kept-figures.ts\`), so it adds what
the SQL below says; \`server/test/figure-paths.test.ts\` checks each way against this SQL over the raw rows.
Adding a kept figure: [adding-a-figure.md](adding-a-figure.md).

${figureTable()}

## Subscription economics

What recurring revenue the subscriptions bring and what moves it (issue 66), defined in
\`contract/src/economics.ts\` (the table below is written from it) and computed by the server exactly from
the raw \`subscriptions\`, \`plans\` and \`orders\` (\`server/src/modules/economics/\`,
\`GET /api/analytics/subscriptions/{movements,churn,cohorts,conversion}\`). A call reads the MRR paid at its range's
start once, then only the members whose paying spans start or end inside a period (a member's MRR changes at
nothing else), and a cohort's members alone at each month's end; the movements, churn and cohorts of the whole
business, a channel, campaign or plan are read from each member's classification kept per day, month and year (and
their cohorts' sums per month) instead, equal to the rows (docs/analytics.md "Subscription economics kept"); \`bench/economics-scale.ts\` times both (docs/speed.md).
\`server/test/api/subscription-economics.test.ts\` checks every figure against its own walk of the rows in three
business zones. Cash stays cash: refunds and chargebacks are not movements; they stay in the revenue figures
above, on the day they happen.

${economicsTable()}

Where the definitions needed a choice:

- A subscription's periods are counted on the UTC calendar from \`started_at\` (a month from 31 January ends on
  the last of February), so its MRR is the same in every business zone; each period's MRR is rounded once, to
  the cent (half away from zero), and every sum is of those cents, so opening + movements = closing exactly.
- The MRR of a day or month is the MRR just before its end, its opening the MRR just before its start: a
  subscription started or ended at an instant moves the MRR of the business day that instant is in.
- Paying means an MRR above zero: a free first period (price 0.00) is not paying, and its member is *new*
  when the paid period begins. The *first paying* instant, *paid before* and the cohorts follow from it.
- A range's movements are each member's from the range's start to its end, not the sum of its days' (a member
  who leaves and comes back within a month is no movement of that month, or an expansion or contraction).
- Contraction and churn are negative, so the five movements add to the opening.
- The call's scope (a channel admin's channels) and its \`channel_id\`, \`campaign_id\`, \`plan_id\` choose the
  subscriptions first; everything, *first paying ever* included, is counted over those alone.
- Churn, ARPU and LTV are per business month the period touches, from the month's first day, the last month to
  \`end_date\`; LTV also reads the two months before in whole, and names the three.
- A cohort's first-month MRR is its MRR at the end of its month (a member who leaves within it counts among its
  members, not in that MRR).
- First-period conversion counts the subscriptions of plans whose initial MRR is below the recurring MRR, whose
  initial period ended in the period (and by now), whether or not they ended before; converted: an order of
  that subscription paid at or after that end, amount above 0.
- Without whole read of the plans' four prices and the orders' \`amount\` (field rules), the money figures and
  the revenue ratios (\`mrr\`, the movements, \`revenue_churn_rate\`, \`arpu\`, \`ltv\`, \`revenue_retention\`) are
  absent from the answers; the counts and logo ratios stay.

### Worked example

Four plans (prices as the member pays them, the discount price where set):

| Plan        | Initial period             | MRR                                   | Recurring period    | MRR                                 |
| ----------- | -------------------------- | ------------------------------------- | ------------------- | ----------------------------------- |
| Trial week  | 7 days at 1.00             | 1.00 × 365.25 / (12 × 7) = 4.348… → 4.35 | 1 month at 24.99 (of 29.99) | 24.99                    |
| Monthly     | 1 month at 4.99 (of 9.99)  | 4.99                                  | 1 month at 9.99     | 9.99                                |
| Quarterly   | 3 months at 27.00          | 9.00                                  | 3 months at 29.97   | 9.99                                |
| Annual once | 1 year at 99.99            | 8.3325 → 8.33                         | none: no MRR after the year |                             |

March, in the business zone. At its start four members pay: A (Monthly, recurring) 9.99, B (Quarterly,
recurring) 9.99, C (Annual once) 8.33, F (Monthly, recurring) 9.99: opening MRR 38.30, 4 members. In March D
subscribes to Trial week for the first time and is in its recurring period at the end (24.99: *new* +24.99); A
changes plan to Trial week (Monthly ended, Trial week started at the same instant) and ends March at 24.99
(*expansion* +15.00); F changes to Annual once (*contraction* −1.66); B's subscription ends (*churn* −9.99); E,
who paid in 2025, comes back on Monthly at 4.99 (*reactivation* +4.99). Closing MRR: 24.99 (A) + 8.33 (C) +
24.99 (D) + 4.99 (E) + 8.33 (F) = 71.63, 5 members; 38.30 + 24.99 + 4.99 + 15.00 − 1.66 − 9.99 = 71.63.

- Churn rate of March: 1 / 4 = 0.2500; revenue churn rate: (9.99 + 1.66) / 38.30 = 0.3042.
- ARPU at its end: 71.63 / 5 = 14.326 → 14.33.
- LTV, January to March with 0, 1 and 1 churned of 4, 4 and 4 at their starts: churn 2 / 12, so
  LTV = 71.63 / 5 ÷ (2 / 12) = 85.956 → 85.96 (\`ltv_months\`: 2026-01, 2026-02, 2026-03).
- The cohort of January 2026: 4 members, 40.00 MRR at the end of January. At the end of February 3 pay 35.00
  (retention 0.7500, revenue retention 0.8750); at the end of March one more has left and one has come back, 3
  pay 42.00 (0.7500 and 1.0500).
- First-period conversion of Trial week in March: 10 subscriptions' 7 days ended in March, 6 of them have a paid
  order at or after that end: 6 / 10 = 0.6000.
`

const file = join(import.meta.dirname, '..', 'docs', 'figures.md')
writeFileSync(file, doc)
// Padded as biome writes tables, so that \`npm run lint\` finds nothing to change.
execFileSync(join(import.meta.dirname, '..', 'node_modules', '.bin', 'biome'), ['format', '--write', file])
