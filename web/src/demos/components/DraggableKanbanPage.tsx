import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { LinkedLists } from './LinkedLists.tsx'
import './components.css'

export default function DraggableKanbanPage() {
  const { t } = useTranslation()
  const card = (id: string) => t(`demos.components.kanban.cards.${id}`)
  return (
    <DemoPage title={t('demos.components.titles.draggableKanban')} intro={t('demos.components.kanban.intro')}>
      <LinkedLists
        label={card}
        initial={[
          { id: 'todo', title: t('demos.components.kanban.todo'), items: ['mission', 'review', 'publish'] },
          { id: 'working', title: t('demos.components.kanban.working'), items: ['subtitles', 'cover'] },
          { id: 'done', title: t('demos.components.kanban.done'), items: ['upload'] },
        ]}
      />
    </DemoPage>
  )
}
