import { useEffect, useState } from 'react'
import type { AppRoute } from './route-types.ts'

/** The signed-in screens' route table (app/shell-routes.ts), which loads only with a session. */
export interface ShellTable {
  shellRoutes: readonly AppRoute[]
  findShellRoute: (
    pathname: string,
  ) => { route: AppRoute; params: Record<string, string | undefined> } | undefined
}

let table: ShellTable | undefined
let load: (() => Promise<unknown>) | undefined

/**
 * The app hands the table down as it loads (app/shell.ts), and says how to load it (app/router.tsx): the
 * shell's menu, tabs and breadcrumb read it, and the 401 page, none of which may import the app.
 */
export function provideShellTable(provided: { table?: ShellTable; load?: () => Promise<unknown> }): void {
  table = provided.table ?? table
  load = provided.load ?? load
}

/** The table, once loaded: inside the shell it always is (the guard loads it before any of its screens). */
export function shellTable(): ShellTable {
  if (!table) throw new Error('The shell route table is read before it loaded')
  return table
}

/** The table, loading it first where it has not loaded yet (a reload on a public page) and is `wanted`. */
export function useShellTable(wanted: boolean): ShellTable | undefined {
  const [loaded, setLoaded] = useState(table)
  useEffect(() => {
    if (loaded || !load || !wanted) return
    let live = true
    load()
      .then(() => live && setLoaded(table))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [loaded, wanted])
  return loaded
}
