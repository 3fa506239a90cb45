/** The member site's tables the figures are kept from, as the stream names them (plans: their prices price MRR). */
const figureSources = ['visits', 'orders', 'order_events', 'users', 'subscriptions', 'plans'] as const
export type FigureSource = (typeof figureSources)[number]

/** A row's values as the stream carries them: PostgreSQL's text, null for NULL. */
export type RowImage = Record<string, string | null>

/** A row a run of transactions changed: its image before the run and after it (null: not there). */
export interface RowChange {
  table: FigureSource
  old: RowImage | null
  new: RowImage | null
}

export const isSource = (table: string): table is FigureSource =>
  (figureSources as readonly string[]).includes(table)

/** The figures' tables among those a truncation names. */
export const sourcesOf = (relations: { name: string }[]) =>
  relations.map((relation) => relation.name).filter(isSource)

/**
 * The changes of a run of committed transactions, in commit order, collapsed to one per row: the row's
 * first image and its last. vod_figures_apply takes the first out and puts the last in, which is what
 * applying each change in turn adds up to. A row whose id changes is one row gone and another come.
 */
export class ChangeRun {
  private rows = new Map<string, RowChange>()
  /** Changes taken in (before collapsing), which bounds a run's size. */
  taken = 0

  get size() {
    return this.rows.size
  }

  insert(table: string, row: RowImage) {
    if (!isSource(table)) return
    this.taken++
    const key = `${table}:${row.id}`
    const known = this.rows.get(key)
    if (known) known.new = row
    else this.rows.set(key, { table, old: null, new: row })
  }

  delete(table: string, row: RowImage) {
    if (!isSource(table)) return
    this.taken++
    const key = `${table}:${row.id}`
    const known = this.rows.get(key)
    if (known) known.new = null
    else this.rows.set(key, { table, old: row, new: null })
  }

  update(table: string, old: RowImage, row: RowImage) {
    if (!isSource(table)) return
    if (old.id !== row.id) {
      this.delete(table, old)
      this.insert(table, row)
      return
    }
    this.taken++
    const key = `${table}:${row.id}`
    const known = this.rows.get(key)
    if (known) known.new = row
    else this.rows.set(key, { table, old, new: row })
  }

  /** The collapsed changes, leaving the run empty. */
  take(): RowChange[] {
    const changes = [...this.rows.values()].filter((c) => c.old !== null || c.new !== null)
    this.rows = new Map()
    this.taken = 0
    return changes
  }
}
