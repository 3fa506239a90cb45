import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type SavedView, savedViewLists } from '@vod/contract/resources/saved-views'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { http } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { type ColumnLayout, layoutOfView } from './column-layout.ts'
import { useClient } from './resource-queries.ts'
import { type UsableQuery, usableQuery } from './saved-view-query.ts'

interface SavedViewsOptions {
  /** The list's path (`orders`). */
  list: string
  usable: UsableQuery
  /** The keys of the columns the admin's list has (its field rules leave out the hidden ones). */
  columnKeys: readonly string[]
  layout: readonly [ColumnLayout, (next: ColumnLayout) => void]
}

/** A view as it was opened: how many of its parts were left out, and whether it is the role's default. */
export interface AppliedView {
  view: SavedView
  leftOut: number
  byDefault: boolean
}

const isId = (text: string | null): text is string => text !== null && /^[1-9][0-9]{0,9}$/.test(text)

/**
 * A list's saved views (issue 67): opening one puts its query and layout on the list, and `view=<id>` in the
 * address, which is its link; a link is opened when the address names a view (refused with a notice when the
 * admin may not see it), and a list opened with nothing in its address opens on the admin's role default.
 */
export function useSavedViews({ list, usable, columnKeys, layout: [layout, setLayout] }: SavedViewsOptions) {
  const { t } = useTranslation()
  const client = useClient<SavedView>('saved-views')
  const navigate = useNavigate()
  const location = useLocation()
  const queries = useQueryClient()
  const known = savedViewLists.includes(list)
  const wanted = new URLSearchParams(location.search).get('view')
  const [applied, setApplied] = useState<AppliedView | null>(null)
  // The view last opened or refused: the address names it until the list's state moves on.
  const handled = useRef<string | null>(null)
  const [plainAtOpen] = useState(() => location.search === '')
  // Asked once per opening of the list; the view it asked for until it is open (then a link's is a link's).
  const defaultTried = useRef(false)
  const defaultPending = useRef<string | null>(null)

  const defaults = useQuery({
    queryKey: ['saved-views', 'defaults'],
    queryFn: ({ signal }) => http.get<{ data: Record<string, number> }>('/saved-views/defaults', { signal }),
    enabled: known && plainAtOpen,
    staleTime: 30_000,
  })
  const defaultId = defaults.data?.data[list]
  useEffect(() => {
    // Only while the address still asks for nothing: the admin's own filters win over a late answer.
    if (location.search !== '') defaultTried.current = true
    if (defaultId === undefined || defaultTried.current) return
    defaultTried.current = true
    defaultPending.current = String(defaultId)
    navigate({ pathname: location.pathname, search: `?view=${defaultId}` }, { replace: true })
  }, [defaultId, location.pathname, location.search, navigate])

  const open = (view: SavedView, replace: boolean) => {
    const { search, leftOut: queryLeftOut } = usableQuery(view.query, usable)
    const { layout: next, leftOut: columnsLeftOut } = layoutOfView(
      view.columns,
      view.density,
      columnKeys,
      layout,
    )
    setLayout(next)
    const id = String(view.id)
    handled.current = id
    setApplied({ view, leftOut: queryLeftOut + columnsLeftOut, byDefault: defaultPending.current === id })
    defaultPending.current = null
    const address = new URLSearchParams([['view', id], ...search])
    navigate({ pathname: location.pathname, search: `?${address}` }, { replace })
  }

  const target = useQuery({
    queryKey: ['saved-views', 'one', wanted],
    queryFn: ({ signal }) => client.one(Number(wanted), signal),
    enabled: known && isId(wanted) && wanted !== handled.current,
    retry: false,
  })
  useEffect(() => {
    if (wanted === null) handled.current = null
    if (!known || wanted === null || wanted === handled.current) return
    if (target.data && String(target.data.id) === wanted) open(target.data, true)
    else if (!isId(wanted) || target.isError) {
      handled.current = wanted
      void notify('warning', t('resource.savedViews.unavailable'))
      const rest = new URLSearchParams(location.search)
      rest.delete('view')
      navigate({ pathname: location.pathname, search: rest.size ? `?${rest}` : '' }, { replace: true })
    }
  })

  return {
    known,
    /** The view the list shows now: the address still names it. */
    applied: applied && wanted === String(applied.view.id) ? applied : null,
    open: (view: SavedView) => open(view, false),
    /** After a view is saved or changed: the lists of views and the defaults read again. */
    refresh: () => queries.invalidateQueries({ queryKey: ['saved-views'] }),
    plain: () => navigate({ pathname: location.pathname, search: '' }),
  }
}

export type SavedViewsState = ReturnType<typeof useSavedViews>
