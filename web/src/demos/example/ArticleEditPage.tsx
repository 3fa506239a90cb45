import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useCan } from '../../stores/permission.ts'
import { ArticlesGate } from '../articles/ArticlesGate.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'
import { ArticleEditor } from './ArticleEditor.tsx'
import { NotAllowed } from './NotAllowed.tsx'

export default function ArticleEditPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const canEdit = useCan('edit', 'articles')
  return (
    <DemoPage title={t('demos.example.titles.edit')}>
      <ArticlesGate>
        {canEdit ? <ArticleEditor key={id} id={id} /> : <NotAllowed permission="edit-articles" />}
      </ArticlesGate>
    </DemoPage>
  )
}
