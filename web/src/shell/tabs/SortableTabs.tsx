import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useTabs } from '../../stores/tabs.ts'
import { useTabActions } from './use-tab-actions.ts'
import { useTabScroll } from './use-tab-scroll.ts'
import { ViewTab } from './ViewTab.tsx'
import { viewTitle } from './view-title.ts'

/** Tabs move along the bar only. */
const alongTheBar: Modifier = ({ transform }) => ({ ...transform, y: 0 })

/** The visited pages as tabs, reordered by dragging or, on a focused tab, Space + arrow keys + Space. */
export default function SortableTabs() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const views = useTabs((state) => state.visitedViews)
  const actions = useTabActions()
  const scroller = useTabScroll(pathname, views.length)
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click still opens the tab.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Space only: Enter on a tab keeps opening its page.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  )
  const titleOf = (id: unknown) => viewTitle(String(id), t)
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('shell.tabs.pickedUp', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('shell.tabs.movedOver', { title: titleOf(active.id), over: titleOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('shell.tabs.dropped', { title: titleOf(active.id), over: titleOf(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('shell.tabs.cancelled', { title: titleOf(active.id) }),
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) useTabs.getState().move(String(active.id), String(over.id))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheBar]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('shell.tabs.instructions') },
      }}
    >
      <SortableContext items={views.map((view) => view.path)} strategy={horizontalListSortingStrategy}>
        <ul className="tabs-bar-list" ref={scroller}>
          {views.map((view) => (
            <ViewTab
              key={view.path}
              view={view}
              title={titleOf(view.path)}
              active={view.path === pathname}
              actions={actions}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}
