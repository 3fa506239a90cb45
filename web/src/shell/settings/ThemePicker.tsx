import { CheckOutlined } from '@ant-design/icons'
import { ColorPicker } from 'antd'
import { useTranslation } from 'react-i18next'
import { themePresets } from '../../stores/settings.ts'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The eight preset colours of spec section 9 as swatches, and a free picker for any other colour. */
export function ThemePicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset className="settings-row settings-theme">
      <legend>{t('shell.settings.theme')}</legend>
      <div className="theme-swatches">
        {themePresets.map((color) => (
          <button
            key={color}
            type="button"
            className="theme-swatch"
            data-testid={`theme-${color}`}
            aria-label={t('shell.settings.preset', { color })}
            aria-pressed={same(color, value)}
            style={{ background: color }}
            onClick={() => onChange(color)}
          >
            {same(color, value) && <CheckOutlined />}
          </button>
        ))}
        <ColorPicker value={value} disabledAlpha onChangeComplete={(color) => onChange(color.toHexString())}>
          <button
            type="button"
            className="theme-swatch theme-swatch-custom"
            data-testid="theme-custom"
            aria-label={t('shell.settings.custom')}
            aria-pressed={!themePresets.some((color) => same(color, value))}
          />
        </ColorPicker>
      </div>
    </fieldset>
  )
}
