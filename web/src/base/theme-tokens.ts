import { type ThemeConfig, theme } from 'antd'
import { readableColor } from './readable-color.ts'

/**
 * antd's design tokens, adjusted so every text it draws reads at WCAG AA (4.5:1). Measured against #f5f5f5,
 * the greyest background text sits on (table headers and hovered rows, disabled fields), so white is safe too.
 */
const BACKGROUND = '#f5f5f5'

/** Secondary text: descriptions, help under fields, counters, breadcrumb links, empty states. */
const SECONDARY = 'rgba(0, 0, 0, 0.6)'
/** Placeholders: lighter than typed text, still readable (antd's default is 0.25). */
const PLACEHOLDER = 'rgba(0, 0, 0, 0.58)'

// Tag colours (`<Tag color="green">`) write their text in shade 7 on shade 1 of the preset palette.
const presets = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const

function readablePresets(): Record<string, string> {
  const base = theme.getDesignToken() as unknown as Record<string, string>
  return Object.fromEntries(
    presets.flatMap((key) => {
      const [text, background] = [base[`${key}7`], base[`${key}1`]]
      if (!text || !background) return []
      // Both spellings: antd reads one and writes its CSS variable from the other.
      const readable = readableColor(text, background)
      return [
        [`${key}7`, readable],
        [`${key}-7`, readable],
      ]
    }),
  )
}

let presetText: Record<string, string> | undefined

/** The app's theme for a theme colour from the settings drawer. */
export function themeTokens(themeColor: string): ThemeConfig['token'] {
  presetText ??= readablePresets()
  const primary = readableColor(themeColor, BACKGROUND)
  const error = readableColor('#ff4d4f', BACKGROUND)
  // A field's warning message is text too: antd's orange reads at 1.9:1 on white.
  const warning = readableColor('#faad14', BACKGROUND)
  // Hovered and pressed links and buttons stay readable too (antd derives lighter shades for them).
  const { colorPrimaryHover, colorErrorHover } = theme.getDesignToken({
    token: { colorPrimary: primary, colorError: error },
  })
  const hover = readableColor(colorPrimaryHover, BACKGROUND)
  const errorHover = readableColor(colorErrorHover, BACKGROUND)
  return {
    ...presetText,
    colorPrimary: primary,
    colorPrimaryHover: hover,
    colorLink: primary,
    colorLinkHover: hover,
    colorError: error,
    colorErrorHover: errorHover,
    colorWarning: warning,
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: SECONDARY,
    colorTextDescription: SECONDARY,
    colorTextPlaceholder: PLACEHOLDER,
    // The focus ring round fields and switches: antd's is the theme colour at 10%, hard to see.
    controlOutline: `${primary}59`,
    controlOutlineWidth: 2,
  }
}
