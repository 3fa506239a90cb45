import { HolderOutlined } from '@ant-design/icons'
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button } from 'antd'
import { createContext, type HTMLAttributes, useContext, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { ListView, type ListViewProps } from './ListView.tsx'
import './sortable-rows.css'

/** What a row hands its drag handle: the handle, not the whole row, starts a drag. */
const RowDrag = createContext<Partial<ReturnType<typeof useSortable>>>({})

/** Where the dragged row will land: the row it is over and on which side of it (a line drawn there). */
interface Drop {
  id: string
  side: 'before' | 'after'
}
const DropMark = createContext<Drop | null>(null)

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  // The items' ids are strings (SortableContext below); antd hands the row its key as it is (a number).
  const sortable = useSortable({ id: String(props['data-row-key']) })
  const style = {
    ...props.style,
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    ...(sortable.isDragging ? { position: 'relative' as const, zIndex: 1 } : {}),
  }
  const drop = useContext(DropMark)
  return (
    <RowDrag.Provider value={sortable}>
      <tr
        {...props}
        ref={sortable.setNodeRef}
        style={style}
        data-drop={drop?.id === String(props['data-row-key']) ? drop.side : undefined}
      />
    </RowDrag.Provider>
  )
}

function DragHandle({ id }: { id: Id }) {
  const { t } = useTranslation()
  const { attributes, listeners, setActivatorNodeRef } = useContext(RowDrag)
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={setActivatorNodeRef}
      aria-label={t('resource.order.handle', { id })}
      data-testid={`drag-${id}`}
      style={{ cursor: 'move', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    />
  )
}

/**
 * A list whose rows are put in order by dragging their handle, or with the keyboard on a focused handle
 * (Space, arrow keys, Space). Loaded only where a list is ordered, since it brings dnd-kit.
 */
export type SortableListViewProps<T> = ListViewProps<T> & { onMove: (moved: Id, target: Id) => void }

export default function SortableListView<T extends { id: Id }>({
  onMove,
  ...props
}: SortableListViewProps<T>) {
  const { t } = useTranslation()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const rows = props.controller.rows
  const idOf = (key: unknown) => rows.find((row) => String(row.id) === String(key))?.id
  const [drop, setDrop] = useState<Drop | null>(null)
  const place = (key: unknown) => rows.findIndex((row) => String(row.id) === String(key))
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const from = place(active.id)
    const to = place(over?.id)
    setDrop(
      from < 0 || to < 0 || from === to
        ? null
        : { id: String(over?.id), side: from < to ? 'after' : 'before' },
    )
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDrop(null)
    const moved = idOf(active.id)
    const target = idOf(over?.id)
    if (moved !== undefined && target !== undefined && moved !== target) onMove(moved, target)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrop(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('resource.order.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('resource.order.pickedUp', { id: active.id }),
          onDragOver: ({ active, over }) =>
            t('resource.order.over', { id: active.id, over: over?.id ?? active.id }),
          onDragEnd: ({ active, over }) =>
            t('resource.order.dropped', { id: active.id, over: over?.id ?? active.id }),
          onDragCancel: ({ active }) => t('resource.order.cancelled', { id: active.id }),
        },
      }}
    >
      <SortableContext items={rows.map((row) => String(row.id))} strategy={verticalListSortingStrategy}>
        <DropMark.Provider value={drop}>
          <ListView<T>
            {...props}
            handle={(record) => <DragHandle id={record.id} />}
            table={{ components: { body: { row: SortableRow } } }}
          />
        </DropMark.Provider>
      </SortableContext>
    </DndContext>
  )
}
