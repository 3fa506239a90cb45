import Cookies from 'js-cookie'
import { create } from 'zustand'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language, resolveLanguage } from '../base/language.ts'

type Device = 'desktop' | 'mobile'
export type Size = 'small' | 'middle' | 'large'

const SIDEBAR_COOKIE = 'sidebarStatus'
const SIZE_COOKIE = 'size'
const sizes: readonly string[] = ['small', 'middle', 'large']

interface AppState {
  sidebarOpened: boolean
  /** Set when the sidebar closes because of a route change or resize, so it does not animate. */
  withoutAnimation: boolean
  device: Device
  language: Language
  size: Size
  toggleSidebar: () => void
  closeSidebar: (withoutAnimation: boolean) => void
  setDevice: (device: Device) => void
  setLanguage: (language: Language) => void
  setSize: (size: Size) => void
}

function storedSize(): Size {
  const value = Cookies.get(SIZE_COOKIE)
  return value && sizes.includes(value) ? (value as Size) : 'middle'
}

export const useApp = create<AppState>()((set, get) => ({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  language: resolveLanguage({
    stored: Cookies.get(LANGUAGE_COOKIE),
    productDefault: DEFAULT_LANGUAGE,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  }),
  size: storedSize(),
  toggleSidebar: () => {
    const opened = !get().sidebarOpened
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0')
    set({ sidebarOpened: opened, withoutAnimation: false })
  },
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0')
    set({ sidebarOpened: false, withoutAnimation })
  },
  setDevice: (device) => set({ device }),
  setLanguage: (language) => {
    Cookies.set(LANGUAGE_COOKIE, language)
    set({ language })
  },
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size)
    set({ size })
  },
}))
