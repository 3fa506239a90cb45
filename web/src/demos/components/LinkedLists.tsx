import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
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
import { useState } from 'react'

export interface Column {
  id: string
  title: string
  items: string[]
}

/** Which column holds `id`: a card's column, or the column itself when dropped on its empty space. */
const columnOf = (columns: Column[], id: string) =>
  columns.find((column) => column.id === id || column.items.includes(id))

function Card({ id, label }: { id: string; label: string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id })
  return (
    <div
      ref={setNodeRef}
      className="linked-card"
      data-testid="linked-card"
      data-card={id}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      {...attributes}
      {...listeners}
    >
      {label}
    </div>
  )
}

function ColumnView({ column, label }: { column: Column; label: (id: string) => string }) {
  const { setNodeRef } = useDroppable({ id: column.id })
  return (
    <section className="linked-column" data-testid="linked-column" data-column={column.id}>
      <header>{column.title}</header>
      <SortableContext id={column.id} items={column.items} strategy={verticalListSortingStrategy}>
        {/* A group of draggable buttons (dnd-kit's role), not a list. */}
        <div ref={setNodeRef} className="linked-items">
          {column.items.map((id) => (
            <Card key={id} id={id} label={label(id)} />
          ))}
        </div>
      </SortableContext>
    </section>
  )
}

/**
 * Columns of cards that can be reordered and moved between columns (dnd-kit), by pointer or keyboard
 * (Space, arrows, Space). The kanban has three columns; the linked lists two.
 */
export function LinkedLists({
  initial,
  label = (id) => id,
}: {
  initial: Column[]
  label?: (id: string) => string
}) {
  const [columns, setColumns] = useState(initial)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  // Crossing into another column moves the card there at once, so it can be placed among that column's cards.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return
    const from = columnOf(columns, String(active.id))
    const to = columnOf(columns, String(over.id))
    if (!from || !to || from === to) return
    setColumns((current) =>
      current.map((column) => {
        if (column.id === from.id) return { ...column, items: column.items.filter((id) => id !== active.id) }
        if (column.id !== to.id) return column
        const at = column.items.indexOf(String(over.id))
        const items = [...column.items]
        items.splice(at < 0 ? items.length : at, 0, String(active.id))
        return { ...column, items }
      }),
    )
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return
    const column = columnOf(columns, String(active.id))
    if (!column?.items.includes(String(over.id))) return
    const items = column.items.filter((id) => id !== active.id)
    items.splice(column.items.indexOf(String(over.id)), 0, String(active.id))
    setColumns((current) => current.map((each) => (each.id === column.id ? { ...each, items } : each)))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
    >
      <div className="linked-columns">
        {columns.map((column) => (
          <ColumnView key={column.id} column={column} label={label} />
        ))}
      </div>
    </DndContext>
  )
}
