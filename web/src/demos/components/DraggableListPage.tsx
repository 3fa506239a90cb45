import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { LinkedLists } from './LinkedLists.tsx'
import './components.css'

export default function DraggableListPage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.components.titles.draggableList')} intro={t('demos.components.list.intro')}>
      <LinkedLists
        label={(id) => t('demos.components.list.item', { n: id.slice(1) })}
        initial={[
          { id: 'left', title: t('demos.components.list.left'), items: ['a1', 'a2', 'a3', 'a4'] },
          { id: 'right', title: t('demos.components.list.right'), items: ['a5', 'a6', 'a7'] },
        ]}
      />
    </DemoPage>
  )
}
