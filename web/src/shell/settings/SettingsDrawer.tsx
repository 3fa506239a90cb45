import { Divider, Drawer, Switch } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { type Settings, useSettings } from '../../stores/settings.ts'
import { ThemePicker } from './ThemePicker.tsx'

/** Spec section 9: the settings drawer is 300 px wide. */
const DRAWER_WIDTH = 300

type Toggle = 'showTabsBar' | 'fixedHeader' | 'showSidebarLogo' | 'sidebarTextTheme'
const toggles: Toggle[] = ['showTabsBar', 'fixedHeader', 'showSidebarLogo', 'sidebarTextTheme']

/** The template's "page style setting" panel; every choice applies at once and is kept across reloads. */
export default function SettingsDrawer() {
  const { t } = useTranslation()
  const id = useId()
  const settings = useSettings()
  const change = <K extends keyof Settings>(key: K, value: Settings[K]) => settings.changeSetting(key, value)
  return (
    <Drawer
      size={DRAWER_WIDTH}
      title={t('shell.settings.title')}
      open={settings.showSettings}
      onClose={() => change('showSettings', false)}
      data-testid="settings-drawer"
    >
      <ThemePicker value={settings.theme} onChange={(color) => change('theme', color)} />
      <Divider />
      {toggles.map((key) => (
        <div key={key} className="settings-row">
          <span id={`${id}-${key}`}>{t(`shell.settings.${key}`)}</span>
          <Switch
            aria-labelledby={`${id}-${key}`}
            data-testid={`setting-${key}`}
            checked={settings[key]}
            onChange={(checked) => change(key, checked)}
          />
        </div>
      ))}
    </Drawer>
  )
}
