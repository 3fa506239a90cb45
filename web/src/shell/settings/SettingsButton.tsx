import { SettingOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettings } from '../../stores/settings.ts'

// The drawer (with the colour picker) is loaded the first time it is opened.
const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'))

/**
 * The button on the right edge, 250 px from the top (spec section 9), that opens the settings drawer; on a
 * phone (`inline`) a button of the navbar instead, where it covers nothing of the screen's content.
 */
export function SettingsButton({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation()
  const open = useSettings((state) => state.showSettings)
  // Mounted from the first opening on, so the drawer can animate closed and keep its chunk loaded.
  const [opened, setOpened] = useState(open)
  return (
    <>
      <Button
        type={inline ? 'text' : 'primary'}
        className={inline ? 'settings-button-inline' : 'settings-button'}
        data-testid="settings-button"
        aria-label={t('shell.settings.open')}
        aria-expanded={open}
        icon={<SettingOutlined aria-hidden />}
        onClick={() => {
          setOpened(true)
          useSettings.getState().changeSetting('showSettings', true)
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </>
  )
}
