import { HolderOutlined } from '@ant-design/icons'
import {
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
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button, Descriptions, Table } from 'antd'
import { createContext, type HTMLAttributes, useContext, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useListQuery } from '../../components/resource/resource-queries.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import { type ArticleRow, articleClient } from '../articles/articles.ts'
import { articleColumn } from '../articles/columns.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'

/** Rows reordered by dragging their handle (or by keyboard: Space, arrows, Space); old and new order below. */
export default function DraggableTablePage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.table.titles.draggable')} intro={t('demos.table.intro.draggable')}>
      <ArticlesGate>
        <DraggableTable />
      </ArticlesGate>
    </DemoPage>
  )
}

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 })

type Handle = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>
const HandleContext = createContext<Partial<Handle>>({})

function DragHandle({ id }: { id: number }) {
  const { t } = useTranslation()
  const { attributes, listeners, setActivatorNodeRef } = useContext(HandleContext)
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={setActivatorNodeRef}
      style={{ cursor: 'move' }}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
      aria-label={t('resource.order.handle', { id })}
    />
  )
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props['data-row-key'] })
  const handle = useMemo(
    () => ({ attributes, listeners, setActivatorNodeRef }),
    [attributes, listeners, setActivatorNodeRef],
  )
  const style = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative' as const, zIndex: 9, background: '#fafafa' } : {}),
  }
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  )
}

function DraggableTable() {
  const { t } = useTranslation()
  const query = useListQuery(articleClient, { page: 1, per_page: 10, sort: 'id' })
  const original = useMemo(() => query.data?.data ?? [], [query.data])
  const [rows, setRows] = useState<ArticleRow[]>([])
  useEffect(() => setRows(original), [original])
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    setRows((current) => {
      const from = current.findIndex((row) => row.id === active.id)
      const to = current.findIndex((row) => row.id === over.id)
      return arrayMove(current, from, to)
    })
  }
  return (
    <>
      <DndContext
        sensors={sensors}
        modifiers={[verticalOnly]}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
          <Table<ArticleRow>
            data-testid="draggable-table"
            rowKey="id"
            size="small"
            loading={query.isPending}
            dataSource={rows}
            pagination={false}
            components={{ body: { row: SortableRow } }}
            columns={[
              {
                key: 'drag',
                width: 48,
                title: t('demos.table.drag'),
                render: (_: unknown, row: ArticleRow) => <DragHandle id={row.id} />,
              },
              articleColumn('id', t),
              articleColumn('title', t),
              articleColumn('author', t),
              articleColumn('importance', t),
              articleColumn('display_time', t),
            ]}
          />
        </SortableContext>
      </DndContext>
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('demos.table.originalOrder')}>
          <span data-testid="original-order">{original.map((row) => row.id).join(', ')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('demos.table.newOrder')}>
          <span data-testid="new-order">{rows.map((row) => row.id).join(', ')}</span>
        </Descriptions.Item>
      </Descriptions>
    </>
  )
}
