import { create } from 'zustand'
import { persist } from 'zustand/middleware'

/** Spec section 9 presets, in its order; the settings drawer offers these and a free picker. */
export const themePresets = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
]

export interface Settings {
  theme: string
  showTabsBar: boolean
  fixedHeader: boolean
  showSidebarLogo: boolean
  /** Sidebar active text in #57CAEB instead of #435ebe (spec section 9). */
  sidebarTextTheme: boolean
  /** The settings drawer is open; not remembered, so a reload never opens it by itself. */
  showSettings: boolean
}

const defaultSettings: Settings = {
  theme: '#1890ff',
  showTabsBar: true,
  fixedHeader: false,
  showSidebarLogo: true,
  sidebarTextTheme: false,
  showSettings: false,
}

interface SettingsState extends Settings {
  changeSetting: <K extends keyof Settings>(key: K, value: Settings[K]) => void
}

// Kept in localStorage: the template forgot settings on reload, which its users disliked.
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      changeSetting: (key, value) => set({ [key]: value } as Partial<Settings>),
    }),
    {
      name: 'settings',
      // Version 1 renamed showTagsView (the template's word) to showTabsBar.
      version: 1,
      migrate: (stored) => {
        const { showTagsView = true, ...rest } = stored as Settings & { showTagsView?: boolean }
        return { ...rest, showTabsBar: showTagsView }
      },
      partialize: ({ theme, showTabsBar, fixedHeader, showSidebarLogo, sidebarTextTheme }) => ({
        theme,
        showTabsBar,
        fixedHeader,
        showSidebarLogo,
        sidebarTextTheme,
      }),
    },
  ),
)
