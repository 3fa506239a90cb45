import { CopyOutlined } from '@ant-design/icons'
import { Button, Input, Space, Tabs } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '../../base/notify.ts'
import { DemoPage } from '../shared/DemoPage.tsx'
import { ClipboardUnavailableError, copyText } from './copy-text.ts'

function useCopy() {
  const { t } = useTranslation()
  return async (text: string) => {
    try {
      await copyText(text)
      void notify('success', t('demos.clipboard.copied'))
    } catch (error) {
      void notify(
        'error',
        t(
          error instanceof ClipboardUnavailableError
            ? 'demos.clipboard.unavailable'
            : 'demos.clipboard.failed',
        ),
      )
    }
  }
}

/** The template's "directive": a wrapper that copies `text` when what it wraps is clicked. */
function CopyOnClick({ text, children }: { text: string; children: ReactNode }) {
  const copy = useCopy()
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapped element is the button
    // biome-ignore lint/a11y/useKeyWithClickEvents: the wrapped button handles the keyboard
    <span onClick={() => void copy(text)}>{children}</span>
  )
}

export default function ClipboardPage() {
  const { t } = useTranslation()
  const copy = useCopy()
  const [text, setText] = useState('https://github.com/PanJiaChen/vue-element-admin')
  const field = (
    <Input
      value={text}
      onChange={(event) => setText(event.target.value)}
      aria-label={t('demos.clipboard.text')}
      data-testid="clipboard-text"
      style={{ maxWidth: 480 }}
    />
  )
  return (
    <DemoPage title={t('demos.clipboard.title')} intro={t('demos.clipboard.intro')}>
      <Tabs
        items={[
          {
            key: 'function',
            label: t('demos.clipboard.byFunction'),
            children: (
              <Space.Compact style={{ width: '100%' }}>
                {field}
                <Button
                  type="primary"
                  icon={<CopyOutlined />}
                  data-testid="clipboard-copy"
                  onClick={() => void copy(text)}
                >
                  {t('demos.clipboard.copy')}
                </Button>
              </Space.Compact>
            ),
          },
          {
            key: 'directive',
            label: t('demos.clipboard.byDirective'),
            children: (
              <Space.Compact style={{ width: '100%' }}>
                {field}
                <CopyOnClick text={text}>
                  <Button type="primary" icon={<CopyOutlined />}>
                    {t('demos.clipboard.copy')}
                  </Button>
                </CopyOnClick>
              </Space.Compact>
            ),
          },
        ]}
      />
    </DemoPage>
  )
}
