import { SearchOutlined } from '@ant-design/icons'
import { AutoComplete, Button, type GetRef, Typography } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSession } from '../../stores/session.ts'
import { useGrantedRoutes } from '../granted-routes.ts'
import { isTypingTarget } from '../keyboard.ts'
import { buildMenu } from '../menu.ts'
import { rankEntries } from './fuzzy.ts'
import { kindTitleKey, recordRoute } from './record-route.ts'
import { hiddenSearchPool, searchPool } from './search-pool.ts'
import { useRecordSearch } from './use-record-search.ts'

/**
 * A kind's title among the results ("Pages", "Members"): an option no one can pick, which the arrow keys pass
 * over. antd's option groups gave their title `aria-selected` in the list screen readers read (axe
 * aria-allowed-attr, critical), and a list drawn whole instead scrolls with nothing in it to focus (axe
 * scrollable-region-focusable). Options name themselves (`aria-label`): that list reads an option's value,
 * a path, otherwise.
 */
const heading = (title: string) => ({
  value: `kind:${title}`,
  disabled: true,
  'aria-label': title,
  className: 'header-search-kind',
  label: <span data-testid="search-kind">{title}</span>,
})

/** Ctrl-K (⌘-K on a Mac) opens the search from anywhere, a field being typed into included. */
const isFindKey = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey

/**
 * The header search: the search icon, `/` or Ctrl/⌘-K opens a field over the navbar that finds the menu's
 * pages (fuzzy, at once) and records the admin may list (members, orders, videos, channels, campaigns,
 * admins: GET /api/search once typing pauses), grouped by kind. The arrow keys move through both, Enter
 * opens the page or the record; Escape or leaving the field closes it.
 */
export function HeaderSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const routes = useGrantedRoutes()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const input = useRef<GetRef<typeof AutoComplete>>(null)
  const records = useRecordSearch(open ? query : '')
  const narrowed = useSession((state) => Object.keys(state.profile?.field_rules ?? {}).length > 0)
  const pool = useMemo(
    () => [...searchPool(buildMenu(routes), (key) => t(key)), ...hiddenSearchPool(routes, (key) => t(key))],
    [routes, t],
  )
  const pages = rankEntries(query, pool).map((entry) => ({
    value: entry.path,
    'aria-label': entry.titles.join(' > '),
    label: <span data-testid="search-option">{entry.titles.join(' > ')}</span>,
  }))
  const found = records.groups.flatMap((group) => {
    const options = group.records.flatMap((hit) => {
      const path = recordRoute(group.kind, hit)
      if (!path) return []
      return [
        {
          value: path,
          'aria-label': hit.detail && hit.detail !== hit.label ? `${hit.label} · ${hit.detail}` : hit.label,
          label: (
            <span data-testid="search-record" data-kind={group.kind} data-exact={hit.exact}>
              {hit.label}
              {hit.detail && hit.detail !== hit.label && (
                <Typography.Text type="secondary"> · {hit.detail}</Typography.Text>
              )}
            </span>
          ),
        },
      ]
    })
    return options.length ? [heading(t(kindTitleKey(group.kind))), ...options] : []
  })
  const status = records.searching
    ? t('shell.search.searching')
    : records.failed
      ? t('shell.search.failed')
      : null
  const options = [
    ...(pages.length && (found.length || status) ? [heading(t('shell.search.pages')), ...pages] : pages),
    ...found,
    ...(status
      ? [{ value: '', disabled: true, label: <span data-testid="search-status">{status}</span> }]
      : []),
  ]

  const close = () => {
    setOpen(false)
    setQuery('')
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey
      if (!isFindKey(event) && !(slash && !isTypingTarget(event.target))) return
      event.preventDefault()
      setOpen(true)
      // Already open (Ctrl-K again): back to the field.
      input.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  return (
    <div className="header-search" data-open={open}>
      <Button
        type="text"
        data-testid="header-search"
        aria-label={t('shell.search.open')}
        aria-keyshortcuts="/ Control+K Meta+K"
        icon={<SearchOutlined aria-hidden />}
        onClick={() => (open ? close() : setOpen(true))}
      />
      {open && (
        <AutoComplete
          ref={input}
          className="header-search-field"
          data-testid="header-search-input"
          aria-label={t('shell.search.open')}
          placeholder={t('shell.search.placeholder')}
          value={query}
          options={options}
          open={query.trim() !== ''}
          showSearch={{ filterOption: false }}
          // Records carry an e-mail or a transaction number beside their name: wider than the field.
          popupMatchSelectWidth={360}
          defaultActiveFirstOption
          notFoundContent={
            query.trim() && (
              <span data-testid="search-no-match">
                {t('shell.search.noMatch')}
                {/* What the role hides is not searched by: said, so "nothing" is not taken for "no one". */}
                {narrowed && (
                  <Typography.Text type="secondary"> · {t('resource.hiddenByRole')}</Typography.Text>
                )}
              </span>
            )
          }
          onChange={setQuery}
          onSelect={(path: string) => {
            if (!path) return
            close()
            navigate(path)
          }}
          onBlur={close}
          onKeyDown={(event) => event.key === 'Escape' && close()}
        />
      )}
    </div>
  )
}
