/**
 * WCAG 2 contrast (success criterion 1.4.3): text needs 4.5:1 against what is behind it. The theme colour
 * an admin picks is drawn as the nearest darker shade of itself that reaches that against white, both as
 * text (links, tabs) and as the fill under white text (primary buttons, the active tab); dark picks are
 * drawn as they are.
 */
const TEXT_CONTRAST = 4.5

type Rgb = [number, number, number]

function parse(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return undefined
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1]
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as Rgb
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)]
  if (!x || !y) return 1
  const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** `color`, darkened towards black (same hue) just enough to reach `ratio` against `background`. */
export function readableColor(color: string, background = '#ffffff', ratio = TEXT_CONTRAST): string {
  const rgb = parse(color)
  if (!rgb) return color
  for (let keep = 1; keep > 0; keep -= 0.01) {
    const shade = toHex(rgb.map((c) => c * keep) as Rgb)
    if (contrast(shade, background) >= ratio) return keep === 1 ? color : shade
  }
  return '#000000'
}
