import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { type ReactNode, useMemo } from 'react'
import { useApp } from '../stores/app.ts'
import { useSettings } from '../stores/settings.ts'

const antdLocales = { en: enUS, 'zh-cn': zhCN }

/** antd's locale, dayjs's locale, theme colour and component size, following the stores. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const language = useApp((state) => state.language)
  const size = useApp((state) => state.size)
  const colorPrimary = useSettings((state) => state.theme)
  const theme = useMemo(() => ({ token: { colorPrimary } }), [colorPrimary])
  // Global, and set before the children render, so date pickers below format in the same language.
  dayjs.locale(language)
  return (
    <ConfigProvider locale={antdLocales[language]} componentSize={size} theme={theme}>
      {children}
    </ConfigProvider>
  )
}
