/**
 * Writes server/src/db/sql/kept-figures.sql from the figure registry (contract/src/figures.ts):
 * `npx tsx scripts/kept-figures-sql.ts`. server/test/figure-registry.test.ts fails while the file is not what
 * server/src/db/kept-figures.ts writes.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { KEPT_FIGURES_FILE, keptFiguresSql } from '../server/src/db/kept-figures.ts'

writeFileSync(join(import.meta.dirname, '..', KEPT_FIGURES_FILE), keptFiguresSql())
