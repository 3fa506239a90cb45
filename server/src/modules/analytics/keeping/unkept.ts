import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../../db/client.ts'
import { ApiError } from '../../../lib/errors.ts'
import type { StreamGap } from './setup.ts'

/**
 * 503 to a figure call on a PostgreSQL that gives no change stream: why no figures are kept, and the setting
 * that mends it, managed services' names for it included (errors.figures_unkept_*).
 */
export const figuresUnkept = (gap: StreamGap) => new ApiError(503, unkeptKey(gap), { value: gap.value })

/** The message saying why no figures are kept, and which setting mends it ({value}: what the database has). */
export const unkeptKey = ({ why }: StreamGap) => `errors.figures_unkept_${why}` as const

/** Why this database keeps no figures, as marked where that was found (vod_figures_unkeep); null: it keeps them. */
export async function unkeptGap(db: Db): Promise<StreamGap | null> {
  const [row] = await queryRows<{ why: StreamGap['why']; value: string }>(
    db,
    sql`select value::jsonb ->> 'why' as why, value::jsonb ->> 'value' as value
      from app_settings where key = 'figures_unkept'`,
  )
  return row ?? null
}
