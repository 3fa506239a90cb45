import { FloatButton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'

/** A long page: once scrolled past 400 px, the button at the bottom right brings it back to the top. */
export default function BackToTopPage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.components.titles.backToTop')} intro={t('demos.components.backToTop.intro')}>
      {Array.from({ length: 60 }, (_, index) => (
        <Typography.Paragraph key={index}>
          {t('demos.components.backToTop.line', { n: index + 1 })}
        </Typography.Paragraph>
      ))}
      <FloatButton.BackTop visibilityHeight={400} tooltip={t('demos.components.backToTop.button')} />
    </DemoPage>
  )
}
