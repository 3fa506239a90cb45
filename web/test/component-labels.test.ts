import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'

afterEach(() => useApp.getState().setLanguage('zh-cn'))

describe("antd's English screen-reader labels, in the app's language (issue 36)", () => {
  it('rewrites them as components render them, and again when the language changes', async () => {
    useApp.getState().setLanguage('zh-cn')
    const stepper = document.createElement('span')
    stepper.setAttribute('aria-label', 'Increase Value')
    const box = document.createElement('input')
    box.setAttribute('aria-label', 'Select all')
    document.body.append(stepper, box)
    await waitFor(() => expect(stepper.getAttribute('aria-label')).toBe('增加数值'))
    expect(box.getAttribute('aria-label')).toBe('全选')
    useApp.getState().setLanguage('en')
    await waitFor(() => expect(stepper.getAttribute('aria-label')).toBe('Increase value'))
    // A component writing its English again (a re-render with a new prop) is rewritten again.
    useApp.getState().setLanguage('zh-cn')
    box.setAttribute('aria-label', 'Select all')
    await waitFor(() => expect(box.getAttribute('aria-label')).toBe('全选'))
    stepper.remove()
    box.remove()
  })

  it('leaves every other label alone', async () => {
    useApp.getState().setLanguage('zh-cn')
    const button = document.createElement('button')
    button.setAttribute('aria-label', 'Increase the volume')
    // A known label added with it is rewritten in the same pass: once it is, the other was looked at.
    const box = document.createElement('input')
    box.setAttribute('aria-label', 'Select all')
    document.body.append(button, box)
    await waitFor(() => expect(box.getAttribute('aria-label')).toBe('全选'))
    expect(button.getAttribute('aria-label')).toBe('Increase the volume')
    button.remove()
    box.remove()
  })
})
