import { Alert, Button, ColorPicker, Divider, Progress, Radio, Slider, Space, Switch, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { themePresets, useSettings } from '../../stores/settings.ts'
import { DemoPage } from '../shared/DemoPage.tsx'

/** Switching the shell's theme colour here (the same setting as the settings drawer) restyles everything. */
export default function ThemePage() {
  const { t } = useTranslation()
  const theme = useSettings((state) => state.theme)
  const changeSetting = useSettings((state) => state.changeSetting)
  return (
    <DemoPage title={t('demos.theme.title')} intro={t('demos.theme.intro')}>
      <Space wrap>
        {themePresets.map((color) => (
          <Button
            key={color}
            data-testid="theme-preset"
            data-color={color}
            aria-pressed={color.toLowerCase() === theme.toLowerCase()}
            aria-label={t('demos.theme.preset', { color })}
            style={{ background: color, width: 32, height: 32, padding: 0 }}
            onClick={() => changeSetting('theme', color)}
          />
        ))}
        <ColorPicker
          value={theme}
          onChangeComplete={(color) => changeSetting('theme', color.toHexString())}
          showText
        />
      </Space>
      <Divider />
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 480 }}>
        <Space wrap>
          <Button type="primary">{t('demos.theme.primary')}</Button>
          <Button>{t('demos.theme.default')}</Button>
          <Button type="dashed">{t('demos.theme.dashed')}</Button>
          <Button type="link">{t('demos.theme.link')}</Button>
        </Space>
        <Space wrap>
          <Tag color="blue">{t('demos.theme.tag')}</Tag>
          <Switch defaultChecked aria-label={t('demos.theme.switch')} />
          <Radio.Group
            defaultValue="a"
            options={[
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ]}
          />
        </Space>
        <Slider defaultValue={40} ariaLabelForHandle={t('demos.theme.slider')} />
        <Progress percent={60} aria-label={t('demos.theme.progress')} />
        <Alert type="info" showIcon message={t('demos.theme.note')} />
      </Space>
    </DemoPage>
  )
}
