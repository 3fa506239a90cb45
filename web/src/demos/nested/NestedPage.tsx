import { Alert, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { DemoPage } from '../shared/DemoPage.tsx'

/**
 * Every page of the nested demo: its menu path read from its own URL (a kept page hidden in the
 * background still reads its own), and a field whose text survives leaving and coming back, as the
 * shell keeps each level's page alive.
 */
export default function NestedPage() {
  const { t } = useTranslation()
  const levels = useLocation().pathname.split('/').slice(2)
  const titles = levels.map((level) => t(`demos.nested.titles.${level}`))
  return (
    <DemoPage title={titles.join(' / ')} intro={t('demos.nested.intro')}>
      <Alert
        type="success"
        showIcon
        message={t('demos.nested.level', { n: levels.length })}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph>{t('demos.nested.keep')}</Typography.Paragraph>
      <Input data-testid="nested-input" aria-label={t('demos.nested.keep')} style={{ maxWidth: 320 }} />
    </DemoPage>
  )
}
