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
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useRecordName } from '../../components/resource/RecordName.tsx'
import { useTabs } from '../../stores/tabs.ts'
import { useTabActions } from './use-tab-actions.ts'
import { useTabScroll } from './use-tab-scroll.ts'
import { ViewTab } from './ViewTab.tsx'
import { viewRecord, viewTitle } from './view-title.ts'

/** A tab named by its record where it shows one (the name asked as a link to the record asks it). */
function NamedViewTab(props: Omit<Parameters<typeof ViewTab>[0], 'title'>) {
  const { t } = useTranslation()
  const record = viewRecord(props.view.path)
  const name = useRecordName(record?.resource ?? '', record?.id ?? null)
  return <ViewTab {...props} title={viewTitle(props.view.path, t, name.data)} />
}

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
  const queries = useQueryClient()
  // The names the tabs show, as the cache holds them.
  const titleOf = (id: unknown) => {
    const record = viewRecord(String(id))
    const name = record && queries.getQueryData<string | null>([record.resource, 'name', record.id])
    return viewTitle(String(id), t, name)
  }
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
            <NamedViewTab key={view.path} view={view} active={view.path === pathname} actions={actions} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}
