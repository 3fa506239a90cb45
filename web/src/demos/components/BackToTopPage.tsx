import { FloatButton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'

const lines = (count: number) => Array.from({ length: count }, (_, index) => index + 1)

/** A long page: once scrolled past 400 px, the button at the bottom right brings it back to the top. */
export default function BackToTopPage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.components.titles.backToTop')} intro={t('demos.components.backToTop.intro')}>
      {lines(60).map((n) => (
        <Typography.Paragraph key={n}>{t('demos.components.backToTop.line', { n })}</Typography.Paragraph>
      ))}
      <FloatButton.BackTop visibilityHeight={400} tooltip={t('demos.components.backToTop.button')} />
    </DemoPage>
  )
}
