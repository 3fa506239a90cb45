import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import '../src/i18n/index.ts'
import { FullscreenToggle } from '../src/shell/FullscreenToggle.tsx'
import { useApp } from '../src/stores/app.ts'

afterEach(cleanup)

// jsdom has no Fullscreen API, as some browsers have none: the toggle warns instead (spec section 8).
it('warns "you browser can not work" where the Fullscreen API is missing', async () => {
  expect(document.fullscreenEnabled).toBeFalsy()
  act(() => useApp.getState().setLanguage('en'))
  render(<FullscreenToggle />)
  await act(async () => screen.getByTestId('fullscreen').click())
  expect(await screen.findByText('you browser can not work')).toBeTruthy()
})
