import type { SavedViewColumn, SavedViewDensity } from '@vod/contract/resources/saved-views'

/**
 * How a list's columns are laid out for one admin: which are hidden, in which order, at which widths, and how
 * tall the rows are. The column picker changes it; a saved view keeps it and puts it back (SavedViews).
 */
export interface ColumnLayout {
  /** The keys of the columns out of sight. */
  hidden: string[]
  /** Keys in the order chosen; columns not named follow, in the list's own order. */
  order: string[]
  /** Widths in pixels a view gave some columns (the list has no handle to drag one). */
  widths: Record<string, number>
  density: SavedViewDensity
}

export const defaultLayout = (hidden: readonly string[]): ColumnLayout => ({
  hidden: [...hidden],
  order: [],
  widths: {},
  density: 'default',
})

/** A list's columns in the layout's order, each at the layout's width where it gives one. */
export function laidOut<C extends { key: string; width?: number }>(
  columns: readonly C[],
  layout: ColumnLayout,
): C[] {
  const place = (key: string) => {
    const at = layout.order.indexOf(key)
    return at === -1 ? layout.order.length : at
  }
  return columns
    .map((column, i) => ({ column, i }))
    .sort((a, b) => place(a.column.key) - place(b.column.key) || a.i - b.i)
    .map(({ column }) =>
      layout.widths[column.key] ? { ...column, width: layout.widths[column.key] } : column,
    )
}

/** The layout with one column moved a place up (-1) or down (+1) among the list's columns. */
export function moved(
  layout: ColumnLayout,
  keys: readonly string[],
  key: string,
  step: -1 | 1,
): ColumnLayout {
  const order = laidOut(
    keys.map((k) => ({ key: k })),
    layout,
  ).map((column) => column.key)
  const from = order.indexOf(key)
  const to = from + step
  if (from === -1 || to < 0 || to >= order.length) return layout
  ;[order[from], order[to]] = [order[to] as string, order[from] as string]
  return { ...layout, order }
}

/** What a view keeps of the layout: every column of the list, in order, shown or not, with its width. */
export function viewColumns(layout: ColumnLayout, keys: readonly string[]): SavedViewColumn[] {
  return laidOut(
    keys.map((key) => ({ key })),
    layout,
  ).map(({ key }) => ({
    key,
    shown: !layout.hidden.includes(key),
    ...(layout.widths[key] ? { width: layout.widths[key] } : {}),
  }))
}

/**
 * A view's columns as this admin's list can show them: those its list lacks (a field its roles hide, a
 * column gone since) are left out, and each one the view showed counts as a part left out. A view naming no
 * columns keeps the layout as it is.
 */
export function layoutOfView(
  columns: readonly SavedViewColumn[],
  density: SavedViewDensity,
  keys: readonly string[],
  current: ColumnLayout,
): { layout: ColumnLayout; leftOut: number } {
  if (columns.length === 0) return { layout: { ...current, density }, leftOut: 0 }
  const known = columns.filter((column) => keys.includes(column.key))
  const named = new Set(known.map((column) => column.key))
  const layout: ColumnLayout = {
    // A column the view does not name (added to the list since) keeps the admin's own choice.
    hidden: [
      ...known.filter((column) => !column.shown).map((column) => column.key),
      ...current.hidden.filter((key) => keys.includes(key) && !named.has(key)),
    ],
    order: known.map((column) => column.key),
    widths: Object.fromEntries(known.flatMap((column) => (column.width ? [[column.key, column.width]] : []))),
    density,
  }
  const leftOut = columns.filter((column) => column.shown && !keys.includes(column.key)).length
  return { layout, leftOut }
}
