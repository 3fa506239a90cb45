import { screen, waitFor } from '@testing-library/react'
import userEventBase from '@testing-library/user-event'
import { Modal } from 'antd'
import { afterEach, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { hasUnsaved } from '../src/stores/unsaved.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()
// antd's static dialog leaves its closing mask in the page a moment (jsdom ends no transition by itself).
const userEvent = userEventBase.setup({ pointerEventsCheck: 0 })
/**
 * The question is drawn outside the screen's tree (antd's static dialog), and jsdom ends no closing
 * transition: what a dialog leaves is taken out, so that no other test (these files share a window) meets it.
 */
function clearDialogs() {
  Modal.destroyAll()
  for (const root of document.querySelectorAll('.ant-modal-root')) {
    let holder: Element = root
    while (holder.parentElement && holder.parentElement !== document.body) holder = holder.parentElement
    holder.remove()
  }
}
afterEach(clearDialogs)

/** A reload or a typed address: whether the page asks first. */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('no edit lost without asking', () => {
  it('Cancel with changes asks; keeping them stays on the form, discarding returns to the list', async () => {
    setPermissions(['list-gadgets', 'create-gadgets'])
    const router = await renderGadgets('/gadgets/create')
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    expect(reloadAsks()).toBe(false)

    await userEvent.type(name, 'Alpha changed')
    expect(hasUnsaved(['/gadgets/create'])).toBe(true)
    expect(reloadAsks()).toBe(true)

    await userEvent.click(screen.getByTestId('form-cancel'))
    expect((await screen.findAllByText('Discard unsaved changes?')).length).toBeGreaterThan(0)
    await userEvent.click((await screen.findAllByTestId('discard-cancel')).at(-1) as HTMLElement)
    expect(router.state.location.pathname).toBe('/gadgets/create')
    expect(name.value).toBe('Alpha changed')

    clearDialogs()
    await userEvent.click(screen.getByTestId('form-cancel'))
    await userEvent.click(await screen.findByTestId('discard-confirm'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/gadgets'))
    expect(api.requests('POST', '/api/gadgets')).toHaveLength(0)
  })

  it('Cancel without changes leaves without asking', async () => {
    setPermissions(['list-gadgets', 'create-gadgets'])
    const router = await renderGadgets('/gadgets/create')
    await screen.findByLabelText('Name')
    await userEvent.click(screen.getByTestId('form-cancel'))
    // Nothing to lose: straight back to the list.
    await screen.findByText('Alpha')
    expect(router.state.location.pathname).toBe('/gadgets')
  })

  it('a saved form has nothing left to ask about', async () => {
    setPermissions(['list-gadgets', 'create-gadgets'])
    await renderGadgets('/gadgets/create')
    await userEvent.type(await screen.findByLabelText('Name'), 'Gamma')
    await userEvent.type(screen.getByLabelText('Price'), '3.50')
    expect(reloadAsks()).toBe(true)
    await userEvent.click(screen.getByTestId('form-submit'))
    // Saved through the real server, then the list: more than findBy's second on a busy machine.
    await screen.findByText('Gamma', {}, { timeout: scaled(10_000) })
    expect(api.requests('POST', '/api/gadgets')).toHaveLength(1)
    expect(reloadAsks()).toBe(false)
  })
})
