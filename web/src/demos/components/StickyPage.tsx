import { Affix, Button, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import './components.css'

const lines = (count: number) => Array.from({ length: count }, (_, index) => index + 1)

/** A toolbar that sticks below the navbar once the page scrolls past it. */
export default function StickyPage() {
  const { t } = useTranslation()
  const [stuck, setStuck] = useState(false)
  return (
    <DemoPage title={t('demos.components.titles.sticky')} intro={t('demos.components.sticky.intro')}>
      {lines(6).map((n) => (
        <Typography.Paragraph key={`above-${n}`}>{t('demos.components.sticky.filler')}</Typography.Paragraph>
      ))}
      <Affix offsetTop={50} onChange={(affixed) => setStuck(Boolean(affixed))}>
        <div className="sticky-bar" data-testid="sticky-bar" data-stuck={stuck}>
          <Space>
            <span>{stuck ? t('demos.components.sticky.stuck') : t('demos.components.sticky.bar')}</span>
            <Button size="small">{t('demos.components.sticky.action')}</Button>
          </Space>
        </div>
      </Affix>
      {lines(40).map((n) => (
        <Typography.Paragraph key={`below-${n}`}>{t('demos.components.sticky.filler')}</Typography.Paragraph>
      ))}
    </DemoPage>
  )
}
