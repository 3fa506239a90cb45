import { useTranslation } from 'react-i18next'
import { useCan } from '../../stores/permission.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'
import { ArticleEditor } from './ArticleEditor.tsx'
import { NotAllowed } from './NotAllowed.tsx'

export default function ArticleCreatePage() {
  const { t } = useTranslation()
  const canCreate = useCan('create', 'articles')
  return (
    <DemoPage title={t('demos.example.titles.create')}>
      <ArticlesGate>
        {canCreate ? <ArticleEditor /> : <NotAllowed permission="create-articles" />}
      </ArticlesGate>
    </DemoPage>
  )
}
