import { CloseOutlined } from '@ant-design/icons'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Dropdown, type MenuProps } from 'antd'
import { type KeyboardEvent, type MouseEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VisitedView } from '../../stores/tabs.ts'
import type { TabActions } from './use-tab-actions.ts'

/** Spec section 9: the tab context menu is 105 px wide. */
const MENU_WIDTH = 105

interface ViewTabProps {
  view: VisitedView
  title: string
  active: boolean
  actions: TabActions
}

/**
 * One tab: a link to the page, a close button (not on affixed tabs), a context menu (right-click, or
 * Shift+F10 / the menu key on the focused tab), middle-click and Delete to close, and a drag handle.
 */
export function ViewTab({ view, title, active, actions }: ViewTabProps) {
  const { t } = useTranslation()
  const sortable = useSortable({ id: view.path })
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = sortable
  const link = useRef<HTMLAnchorElement | null>(null)

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('shell.tabs.refresh') },
    ...(view.affix ? [] : [{ key: 'close', label: t('shell.tabs.close') }]),
    { key: 'closeOthers', label: t('shell.tabs.closeOthers') },
    { key: 'closeAll', label: t('shell.tabs.closeAll') },
  ]
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'refresh') actions.refresh(view)
    if (key === 'close') actions.close(view)
    if (key === 'closeOthers') actions.closeOthers(view)
    if (key === 'closeAll') actions.closeAll()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === 'Delete' && !view.affix) {
      event.preventDefault()
      // The keyboard stays on the bar: on the next tab, or the previous one at the end.
      const item = event.currentTarget.closest('li')
      const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('a')
      actions.close(view)
      neighbour?.focus()
      return
    }
    listeners?.onKeyDown?.(event)
  }
  const onAuxClick = (event: MouseEvent) => {
    if (event.button !== 1) return
    // Middle-click closes the tab instead of opening the page in a browser tab.
    event.preventDefault()
    actions.close(view)
  }

  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items,
        onClick: onMenu,
        style: { width: MENU_WIDTH, boxSizing: 'border-box' },
        className: 'tabs-bar-menu',
      }}
      autoFocus
      onOpenChange={(open) => {
        if (open) return
        // Opened from the keyboard (Shift+F10), the menu took the focus; give it back to the tab, now and
        // again after the menu's own blur, which may land a frame later.
        const giveBack = () => {
          const focus = document.activeElement
          if (focus === document.body || focus?.closest('.tabs-bar-menu')) link.current?.focus()
        }
        giveBack()
        requestAnimationFrame(giveBack)
      }}
    >
      <li
        ref={setNodeRef}
        className="tabs-bar-item"
        data-testid="view-tab"
        data-path={view.path}
        data-active={active}
        data-dragging={isDragging}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        onAuxClick={onAuxClick}
        onMouseDown={(event) => event.button === 1 && event.preventDefault()}
      >
        <Link
          ref={(node) => {
            setActivatorNodeRef(node)
            link.current = node
          }}
          to={view.fullPath}
          className="tabs-bar-link"
          aria-current={active ? 'page' : undefined}
          aria-describedby={sortable.attributes['aria-describedby']}
          {...listeners}
          onKeyDown={onKeyDown}
        >
          {title}
        </Link>
        {!view.affix && (
          <button
            type="button"
            className="tabs-bar-close"
            // Reached by keyboard through Delete and the context menu, not as a tab stop of its own.
            tabIndex={-1}
            aria-label={t('shell.tabs.closeTab', { title })}
            onClick={() => actions.close(view)}
          >
            <CloseOutlined />
          </button>
        )}
      </li>
    </Dropdown>
  )
}
