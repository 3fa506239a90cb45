import { Button, Tour, type TourProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'

/** The shell's parts the tour points at, in order; a part not on screen (tabs bar off) is shown centred. */
const stops = [
  ['hamburger', '[data-testid="hamburger"]'],
  ['breadcrumb', '.shell-navbar .ant-breadcrumb'],
  ['search', '[data-testid="header-search"]'],
  ['fullscreen', '[data-testid="fullscreen"]'],
  ['size', '[data-testid="size-select"]'],
  ['tabs', '[data-testid="tabs-bar"]'],
] as const

export default function GuidePage() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const steps: TourProps['steps'] = stops.map(([key, selector]) => ({
    title: t(`demos.guide.steps.${key}.title`),
    description: t(`demos.guide.steps.${key}.description`),
    target: () => document.querySelector<HTMLElement>(selector) as HTMLElement,
  }))
  return (
    <DemoPage title={t('demos.guide.title')} intro={t('demos.guide.intro')}>
      <Button type="primary" data-testid="guide-start" onClick={() => setOpen(true)}>
        {t('demos.guide.start')}
      </Button>
      <Tour
        open={open}
        onClose={() => setOpen(false)}
        steps={steps}
        rootClassName="guide-tour"
        indicatorsRender={(current, total) => `${current + 1} / ${total}`}
      />
    </DemoPage>
  )
}
