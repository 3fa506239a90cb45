import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../src/i18n/index.ts'
import { FullscreenToggle } from '../src/shell/FullscreenToggle.tsx'
import { SettingsButton } from '../src/shell/settings/SettingsButton.tsx'
import { useApp } from '../src/stores/app.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

serveGadgetScreens()
afterEach(() => {
  cleanup()
  act(() => useApp.getState().setLanguage('en'))
})

/** Every text a screen reader speaks inside `element`: names and the accessible labels it has not hidden. */
const spoken = (element: HTMLElement) =>
  [...element.querySelectorAll('[aria-label]')]
    .filter((node) => !node.closest('[aria-hidden="true"]'))
    .map((node) => node.getAttribute('aria-label'))

describe('what a screen reader hears, in Chinese', () => {
  it("names the header's icon buttons in Chinese, their icons' English names hidden", () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    const { container } = render(
      <>
        <FullscreenToggle />
        <SettingsButton />
      </>,
    )
    const heard = spoken(container)
    expect(heard.length).toBeGreaterThan(0)
    for (const label of heard) expect(label, String(heard)).toMatch(/[\u4e00-\u9fff]/)
  })

  it("names a list row's tick by its record, in the screen's language", async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    setPermissions(['list-gadgets', 'publish-gadgets'])
    await renderGadgets('/gadgets')
    const row = (await screen.findByText('Alpha')).closest('tr') as HTMLElement
    expect(within(row).getByRole('checkbox').getAttribute('aria-label')).toBe('选择记录 1')
  })
})
