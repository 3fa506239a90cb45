/**
 * Writes docs/figures.md from the figure registry (contract/src/figures.ts): `npx tsx scripts/figures-doc.ts`.
 * server/test/figure-registry.test.ts fails while the file's table is not the registry's.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
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
runs SQL written from the registry at the server's start (\`server/src/db/kept-figures.ts\`), so it adds what
the SQL below says; \`server/test/figure-paths.test.ts\` checks each way against this SQL over the raw rows.
Adding a kept figure: [adding-a-figure.md](adding-a-figure.md).

${figureTable()}
`

const file = join(import.meta.dirname, '..', 'docs', 'figures.md')
writeFileSync(file, doc)
// Padded as biome writes tables, so that \`npm run lint\` finds nothing to change.
execFileSync(join(import.meta.dirname, '..', 'node_modules', '.bin', 'biome'), ['format', '--write', file])
