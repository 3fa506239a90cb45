import { cleanup, render, screen } from '@testing-library/react'
import { Button, Card, Statistic } from 'antd'
import { afterEach, expect, it } from 'vitest'
import '../src/i18n/index.ts'
import { readableColor } from '../src/base/readable-color.ts'
import { AntdProvider } from '../src/components/antd/AntdProvider.tsx'
import { useSettings } from '../src/stores/settings.ts'

afterEach(cleanup)

/** The style elements' text written since `before` (files before this one in the worker may have left theirs). */
const styleTextSince = (before: Set<Element>) =>
  [...document.querySelectorAll('style')]
    .filter((style) => !before.has(style))
    .map((style) => style.textContent ?? '')
    .join('\n')

// Inside the frame antd writes no component CSS as it renders (antd.css has it, issue 58 item 10): that
// generation was a quarter of a first screen's main-thread time. The theme colour still reaches the page, as
// the CSS variables antd.css reads.
it('writes no component styles at render, only the theme as CSS variables', () => {
  useSettings.setState({ theme: '#f5222d' })
  const before = new Set(document.querySelectorAll('style'))
  render(
    <AntdProvider>
      <Card>
        <Statistic title="figure" value={1} />
        <Button type="primary">go</Button>
      </Card>
    </AntdProvider>,
  )
  expect(screen.getByRole('button').className).toContain('ant-btn-primary')
  const written = styleTextSince(before)
  // Their component tokens are still written, as variables (rules of `--ant-…` only); no rule of theirs more.
  expect(written).toMatch(/\.ant-btn\{--ant-button-/)
  expect(written).not.toMatch(/\.ant-(btn|card|statistic)[^{]*\{(?!--)[^}]/)
  // The readable shade of the chosen colour (base/theme-tokens.ts), as antd's variable.
  const primary = readableColor('#f5222d', '#f5f5f5')
  expect(written.toLowerCase()).toContain(`--ant-color-primary:${primary.toLowerCase()};`)
})
