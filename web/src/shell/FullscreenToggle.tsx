import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '../base/notify.ts'

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange)
  return () => document.removeEventListener('fullscreenchange', onChange)
}
const isFullscreen = () => document.fullscreenElement !== null

/** Whole-page fullscreen through the Fullscreen API; where there is none, the spec's warning (section 8). */
export function FullscreenToggle() {
  const { t } = useTranslation()
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen)
  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      void notify('warning', t('shell.fullscreen.unsupported'))
      return
    }
    if (fullscreen) await document.exitFullscreen()
    else await document.documentElement.requestFullscreen()
  }
  return (
    <Button
      type="text"
      data-testid="fullscreen"
      aria-label={t(fullscreen ? 'shell.fullscreen.exit' : 'shell.fullscreen.enter')}
      aria-pressed={fullscreen}
      icon={fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
      onClick={() => void toggle().catch((error: unknown) => console.error('Fullscreen failed:', error))}
    />
  )
}
