import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { arrayMove, horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import './components.css'

const options = ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango', 'orange', 'peach']

function Chip({ id, label }: { id: string; label: string }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id })
  return (
    <span
      ref={setNodeRef}
      className="sortable-chip"
      data-testid="select-chip"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
    >
      {label}
    </span>
  )
}

/** A multi-select whose chosen items are dragged into the order wanted; the value keeps that order. */
export default function DraggableSelectPage() {
  const { t } = useTranslation()
  const [value, setValue] = useState(['apple', 'banana', 'cherry'])
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const label = (id: string) => t(`demos.components.select.options.${id}`)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      setValue((current) =>
        arrayMove(current, current.indexOf(String(active.id)), current.indexOf(String(over.id))),
      )
  }
  return (
    <DemoPage title={t('demos.components.titles.draggableSelect')} intro={t('demos.components.select.intro')}>
      <Select
        mode="multiple"
        style={{ width: '100%', maxWidth: 480, marginBottom: 16 }}
        value={value}
        onChange={setValue}
        options={options.map((id) => ({ value: id, label: label(id) }))}
        aria-label={t('demos.components.select.label')}
      />
      <div>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={value} strategy={horizontalListSortingStrategy}>
            {value.map((id) => (
              <Chip key={id} id={id} label={label(id)} />
            ))}
          </SortableContext>
        </DndContext>
      </div>
      <Typography.Text type="secondary" data-testid="select-order">
        {value.map(label).join(' → ')}
      </Typography.Text>
    </DemoPage>
  )
}
