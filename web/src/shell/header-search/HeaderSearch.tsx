import { SearchOutlined } from '@ant-design/icons'
import { AutoComplete, Button, type GetRef } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useGrantedRoutes } from '../granted-routes.ts'
import { isTypingTarget } from '../keyboard.ts'
import { buildMenu } from '../menu.ts'
import { rankEntries } from './fuzzy.ts'
import { hiddenSearchPool, searchPool } from './search-pool.ts'

/**
 * Menu search (the template's header search): the search icon or `/` opens a field over the navbar; the
 * arrow keys pick among the fuzzy matches and Enter opens the page; Escape or leaving the field closes it.
 */
export function HeaderSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const routes = useGrantedRoutes()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const input = useRef<GetRef<typeof AutoComplete>>(null)
  const pool = useMemo(
    () => [...searchPool(buildMenu(routes), (key) => t(key)), ...hiddenSearchPool(routes, (key) => t(key))],
    [routes, t],
  )
  const options = rankEntries(query, pool).map((entry) => ({
    value: entry.path,
    label: <span data-testid="search-option">{entry.titles.join(' > ')}</span>,
  }))

  const close = () => {
    setOpen(false)
    setQuery('')
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target))
        return
      event.preventDefault()
      setOpen(true)
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
        aria-keyshortcuts="/"
        icon={<SearchOutlined />}
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
          defaultActiveFirstOption
          notFoundContent={query.trim() && t('shell.search.noMatch')}
          onChange={setQuery}
          onSelect={(path: string) => {
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
