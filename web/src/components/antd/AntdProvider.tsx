import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { type ReactNode, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { themeTokens } from '../../base/theme-tokens.ts'
import { useReducedMotion } from '../../base/use-reduced-motion.ts'
import { useApp } from '../../stores/app.ts'
import { useSettings } from '../../stores/settings.ts'

const antdLocales = { en: enUS, 'zh-cn': zhCN }

/**
 * antd's locale, dayjs's locale, theme colour (in readable shades) and component size, following the stores;
 * no sliding, fading, zooming or click waves when the system asks for reduced motion.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const language = useApp((state) => state.language)
  const size = useApp((state) => state.size)
  const colorPrimary = useSettings((state) => state.theme)
  const reducedMotion = useReducedMotion()
  const theme = useMemo(
    () => ({ token: { ...themeTokens(colorPrimary), motion: !reducedMotion } }),
    [colorPrimary, reducedMotion],
  )
  // antd's short messages (notify) are drawn outside this tree, by its static holder: same colours and motion.
  useEffect(() => {
    ConfigProvider.config({ theme })
  }, [theme])
  // One object while the setting holds, so the provider does not hand every antd component a new config.
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion])
  const { t } = useTranslation()
  // antd's messages for its own checks (email, url...), ours in both languages; the rest stay antd's.
  const form = useMemo(() => {
    const types = Object.keys(t('validation.types', { returnObjects: true }) as Record<string, string>)
    // antd fills in the field's label where its template says so.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: antd's placeholder, not a template literal
    const label = '${label}'
    return {
      validateMessages: {
        types: Object.fromEntries(types.map((type) => [type, t(`validation.types.${type}`, { label })])),
      },
    }
  }, [t])
  // Global, and set before the children render, so date pickers below format in the same language.
  dayjs.locale(language)
  return (
    <ConfigProvider locale={antdLocales[language]} componentSize={size} theme={theme} wave={wave} form={form}>
      {children}
    </ConfigProvider>
  )
}
