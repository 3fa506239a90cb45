import { Button, Form, Input, InputNumber, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'
import { formatCount, useCountTo } from './use-count-to.ts'
import './components.css'

export default function CountToPage() {
  const { t } = useTranslation()
  const [settings, setSettings] = useState({
    start: 0,
    end: 2017,
    duration: 4000,
    decimals: 0,
    separator: ',',
    prefix: '¥ ',
    suffix: ' rmb',
  })
  const count = useCountTo(settings)
  const set = (key: keyof typeof settings) => (value: string | number | null) =>
    setSettings((current) => ({ ...current, [key]: value ?? 0 }))
  const label = (key: string) => t(`demos.components.countTo.${key}`)

  return (
    <DemoPage title={t('demos.components.titles.countTo')} intro={t('demos.components.countTo.intro')}>
      <div className="count-to-value" data-testid="count-to-value" data-running={count.running}>
        {formatCount(count.value, settings)}
      </div>
      <Form layout="inline" style={{ margin: '16px 0' }}>
        {(['start', 'end', 'duration', 'decimals'] as const).map((key) => (
          <Form.Item key={key} label={label(key)} htmlFor={`count-to-${key}`}>
            <InputNumber
              id={`count-to-${key}`}
              data-testid={`count-to-${key}`}
              value={settings[key]}
              min={key === 'duration' || key === 'decimals' ? 0 : undefined}
              max={key === 'decimals' ? 6 : undefined}
              onChange={set(key)}
            />
          </Form.Item>
        ))}
        {(['separator', 'prefix', 'suffix'] as const).map((key) => (
          <Form.Item key={key} label={label(key)} htmlFor={`count-to-${key}`}>
            <Input
              id={`count-to-${key}`}
              data-testid={`count-to-${key}`}
              value={settings[key]}
              onChange={(event) => set(key)(event.target.value)}
              style={{ width: 100 }}
            />
          </Form.Item>
        ))}
      </Form>
      <Space>
        <Button type="primary" data-testid="count-to-run" onClick={count.restart}>
          {label('startButton')}
        </Button>
        <Button data-testid="count-to-pause" onClick={count.running ? count.pause : count.resume}>
          {count.running ? label('pause') : label('resume')}
        </Button>
        <Button data-testid="count-to-reset" onClick={count.reset}>
          {label('reset')}
        </Button>
      </Space>
    </DemoPage>
  )
}
