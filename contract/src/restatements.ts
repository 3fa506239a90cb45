import { z } from 'zod'
import { type FigureName, keptFigures } from './figures.ts'
import { periodQuery } from './resources/analytics.ts'
import { calendarDay, instant, recordId } from './values.ts'

/**
 * Restatements (issue 66, item 3; docs/analytics.md "Closed months and restatements"): a business month is
 * closed once it has ended and the figures hold every change committed before its end; from then on a change
 * of its rows that moves a kept figure of it is noted, with the figure's value before and after, and never
 * rewrites it silently.
 */

/** The member site's tables a kept figure is summed from: what a restatement's change was made to. */
const restatementSources = [...new Set(keptFigures.map((figure) => figure.from.split(' ')[0]))] as [
  string,
  ...string[],
]

/** The kept figures, by wire name: the ones a month's rollups hold, and so the ones a restatement names. */
export const restatedFigures = keptFigures.map((figure) => figure.name) as [FigureName, ...FigureName[]]

/** A period of business months (the months its days touch), optionally one channel, campaign or plan's. */
export const restatementsQuery = periodQuery.safeExtend({
  channel_id: z.coerce.number().int().min(1).optional(),
  campaign_id: z.coerce.number().int().min(1).optional(),
  plan_id: z.coerce.number().int().min(1).optional(),
})
export type RestatementsQuery = z.infer<typeof restatementsQuery>

const exact = z.string().meta({
  description:
    "The figure's value, exact: an integer for a count, two places for money (a string either way).",
})

/**
 * A restatement on the wire, of the figures and member site's tables named: one figure of a closed month at a
 * level, its value before and after, and when the change reached the figures.
 */
export function restatementOf<Figure extends string, Source extends string>(
  figures: readonly [Figure, ...Figure[]],
  sources: readonly [Source, ...Source[]],
) {
  return z.object({
    figure: z.enum(figures),
    unit: z.enum(['count', 'money']),
    /** The business month's first day. */
    month: calendarDay,
    channel_id: recordId.nullable(),
    campaign_id: recordId.nullable(),
    plan_id: recordId.nullable(),
    /** Whose rows changed: the member site's table. */
    source: z.enum(sources),
    before: exact,
    after: exact,
    /** after less before. */
    change: exact,
    /** When the change reached the figures (to the minute: changes of one minute are one entry). */
    noted_at: instant,
  })
}

/** An answer of restatements (`entry`'s), with the period asked and the first month still open. */
export function restatementsAnswerOf<Entry extends z.ZodType>(entry: Entry, id: string) {
  return z
    .object({
      data: z.array(entry),
      meta: z.object({
        start_date: calendarDay,
        end_date: calendarDay,
        time_zone: z.string(),
        /** The first month still open: months before it are closed (null: none closed yet). */
        closed_before: calendarDay.nullable(),
      }),
      fresh_as_of: instant.nullable(),
    })
    .meta({ id })
}

const restatement = restatementOf(restatedFigures, restatementSources)
export type Restatement = z.infer<typeof restatement>

export const restatementsAnswer = restatementsAnswerOf(restatement, 'Restatements')
