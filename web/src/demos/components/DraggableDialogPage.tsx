import { DndContext, type DragEndEvent, useDraggable } from '@dnd-kit/core'
import { Button, Modal } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import './components.css'

interface Offset {
  x: number
  y: number
}

/** The dialog box, moved by its offset plus the drag in progress; the title bar is the handle. */
function DraggableBox({ offset, children }: { offset: Offset; children: ReactNode }) {
  const { setNodeRef, transform } = useDraggable({ id: 'dialog' })
  const x = offset.x + (transform?.x ?? 0)
  const y = offset.y + (transform?.y ?? 0)
  return (
    <div ref={setNodeRef} style={{ transform: `translate(${x}px, ${y}px)` }}>
      {children}
    </div>
  )
}

function Handle({ children }: { children: ReactNode }) {
  const { attributes, listeners } = useDraggable({ id: 'dialog' })
  return (
    <div className="draggable-modal-title" data-testid="dialog-handle" {...attributes} {...listeners}>
      {children}
    </div>
  )
}

export default function DraggableDialogPage() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 })
  const onDragEnd = ({ delta }: DragEndEvent) => setOffset((at) => ({ x: at.x + delta.x, y: at.y + delta.y }))
  return (
    <DemoPage title={t('demos.components.titles.draggableDialog')} intro={t('demos.components.dialog.intro')}>
      <Button type="primary" data-testid="dialog-open" onClick={() => setOpen(true)}>
        {t('demos.components.dialog.open')}
      </Button>
      <DndContext onDragEnd={onDragEnd}>
        <Modal
          open={open}
          title={<Handle>{t('demos.components.dialog.title')}</Handle>}
          onOk={() => setOpen(false)}
          onCancel={() => setOpen(false)}
          afterClose={() => setOffset({ x: 0, y: 0 })}
          modalRender={(modal) => <DraggableBox offset={offset}>{modal}</DraggableBox>}
        >
          {t('demos.components.dialog.body')}
        </Modal>
      </DndContext>
    </DemoPage>
  )
}
