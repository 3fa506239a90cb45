import { Input, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'

const panes = ['cn', 'us', 'jp', 'eu'] as const

/** A pane's content: made when its tab is first opened; what is typed survives switching tabs. */
function Pane({ name }: { name: string }) {
  const { t } = useTranslation()
  const [createdAt] = useState(() => new Date().toLocaleTimeString())
  return (
    <div data-testid={`tab-pane-${name}`}>
      <Typography.Paragraph>{t('demos.tab.created', { time: createdAt })}</Typography.Paragraph>
      <Input placeholder={t('demos.tab.type')} aria-label={t('demos.tab.type')} style={{ maxWidth: 320 }} />
    </div>
  )
}

/** antd's Tabs create a pane only when its tab is first shown and keep it after (no destroyOnHidden). */
export default function TabPage() {
  const { t } = useTranslation()
  return (
    <DemoPage title={t('demos.tab.title')} intro={t('demos.tab.intro')}>
      <Tabs
        type="card"
        items={panes.map((name) => ({
          key: name,
          label: t(`demos.tab.panes.${name}`),
          children: <Pane name={name} />,
        }))}
      />
    </DemoPage>
  )
}
