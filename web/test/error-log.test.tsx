import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Component, type ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AntdProvider } from '../src/components/antd/AntdProvider.tsx'
import '../src/i18n/index.ts'
import { ErrorLogButton } from '../src/shell/error-log/ErrorLogButton.tsx'
import { ViewErrorBoundary } from '../src/shell/error-log/ViewErrorBoundary.tsx'
import { useApp } from '../src/stores/app.ts'
import { ERROR_LOG_LIMIT, installErrorListeners, recordError, useErrorLog } from '../src/stores/error-log.ts'

const messages = () => useErrorLog.getState().errors.map((error) => error.message)

beforeEach(() => {
  useErrorLog.getState().clear()
  useApp.getState().setLanguage('en')
  window.location.hash = '#/tags?page=2'
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the error log store', () => {
  it('keeps the newest first and at most 50, dropping the oldest', () => {
    for (let n = 1; n <= ERROR_LOG_LIMIT + 5; n++) recordError(new Error(`error ${n}`))
    const errors = useErrorLog.getState().errors
    expect(errors).toHaveLength(50)
    expect(errors[0]?.message).toBe('error 55')
    expect(errors.at(-1)?.message).toBe('error 6')
  })

  it('records message, place, page URL, stack and time, each error once', () => {
    const error = new Error('broken')
    error.stack = 'Error: broken\n    at load (http://localhost:3000/assets/index-abc.js:12:345)\n    at run'
    const before = Date.now()
    recordError(error)
    const after = Date.now()
    recordError(error)
    recordError('a plain string', '\n    at Screen (http://x/a.js:1:2)')
    const [plain, first] = useErrorLog.getState().errors
    expect(useErrorLog.getState().errors).toHaveLength(2)
    expect(first).toMatchObject({
      message: 'broken',
      place: 'http://localhost:3000/assets/index-abc.js:12:345',
      url: 'http://localhost:3000/#/tags?page=2',
      stack: error.stack,
    })
    // The time it was recorded: no earlier than the call began, no later than it ended.
    expect(first?.time).toBeGreaterThanOrEqual(before)
    expect(first?.time).toBeLessThanOrEqual(after)
    expect(plain).toMatchObject({
      message: 'a plain string',
      place: 'at Screen (http://x/a.js:1:2)',
      stack: '',
    })
    // Code without a file (run from the console) and Firefox's frames have a place too.
    const typed = new Error('typed in the console')
    typed.stack = 'Error: typed in the console\n    at <anonymous>:2:15'
    const firefox = new Error('in Firefox')
    firefox.stack = 'load@http://localhost:3000/assets/index-abc.js:7:9\n@debugger eval code:1:1'
    recordError(typed)
    recordError(firefox)
    expect(
      useErrorLog
        .getState()
        .errors.slice(0, 2)
        .map((error) => error.place),
    ).toEqual(['http://localhost:3000/assets/index-abc.js:7:9', '<anonymous>:2:15'])
  })
})

describe('the window listeners', () => {
  it('record an uncaught error and an unhandled rejection, once each, without cancelling them', () => {
    const uninstall = installErrorListeners()
    // Installed once: a second call adds no second pair of listeners.
    installErrorListeners()
    try {
      const uncaught = new ErrorEvent('error', {
        error: new Error('uncaught'),
        message: 'Uncaught Error: uncaught',
        filename: 'http://localhost:3000/assets/Tags.js',
        lineno: 4,
        colno: 21,
        cancelable: true,
      })
      window.dispatchEvent(uncaught)
      const rejection = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
        reason: new Error('rejected'),
      })
      window.dispatchEvent(rejection)
      // Not cancelled: the browser still prints them to the console.
      expect(uncaught.defaultPrevented).toBe(false)
      expect(rejection.defaultPrevented).toBe(false)
      expect(messages()).toEqual(['rejected', 'uncaught'])
      expect(useErrorLog.getState().errors[1]?.place).toBe('http://localhost:3000/assets/Tags.js:4:21')
      // The browser's layout notice is not the app's fault.
      window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed' }))
      expect(messages()).toHaveLength(2)
    } finally {
      uninstall()
    }
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('after') }))
    expect(messages()).toHaveLength(2)
  })
})

/** Opens no menu, needs no shell: the button under antd's provider, with another control after it. */
function renderButton() {
  render(
    <AntdProvider>
      <ErrorLogButton />
      <button type="button">next control</button>
    </AntdProvider>,
  )
}

describe('the navbar button and its dialog', () => {
  it('shows no button without errors, then the count, and the errors in a dialog until cleared', async () => {
    renderButton()
    expect(screen.queryByRole('button', { name: /error log/i })).toBeNull()

    act(() => {
      recordError(new Error('first failure'))
      recordError(new Error('second failure'), '\n    at TagsList (http://x/Tags.js:1:2)\n    at Layout')
    })
    const button = screen.getByRole('button', { name: 'Error log, 2 caught' })
    expect(
      screen.getByTestId('error-log-badge').querySelector('.ant-badge-count')?.getAttribute('title'),
    ).toBe('2')

    // By keyboard: the button opens the dialog.
    button.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Error log' })
    const table = within(dialog).getByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(expect.arrayContaining(['Message', 'Place', 'URL', 'Time']))
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => row.classList.contains('ant-table-row'))
    expect(rows).toHaveLength(2)
    // Newest first; the place shows the failing component, the URL the hash route.
    expect(rows[0]).toHaveProperty('textContent', expect.stringContaining('second failure'))
    expect(within(rows[0] as HTMLElement).getByText('at TagsList (http://x/Tags.js:1:2)')).toBeTruthy()
    expect(within(rows[0] as HTMLElement).getByText('http://localhost:3000/#/tags?page=2')).toBeTruthy()
    expect(rows[1]).toHaveProperty('textContent', expect.stringContaining('first failure'))

    // The stack opens under its row.
    expect(within(dialog).queryByTestId('error-log-stack')).toBeNull()
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /expand/i }))
    expect(within(dialog).getByTestId('error-log-stack').textContent).toContain('first failure')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }))
    expect(useErrorLog.getState().errors).toEqual([])
    expect(screen.queryByRole('button', { name: /error log/i })).toBeNull()
  })

  it('speaks Chinese in zh-cn', async () => {
    useApp.getState().setLanguage('zh-cn')
    renderButton()
    act(() => recordError(new Error('出错')))
    await userEvent.click(screen.getByRole('button', { name: '错误日志，共 1 条' }))
    const dialog = await screen.findByRole('dialog', { name: '错误日志' })
    expect(within(dialog).getByRole('button', { name: /清\s*空/ })).toBeTruthy()
    expect(within(dialog).getByRole('columnheader', { name: '错误信息' })).toBeTruthy()
  })
})

function Crash(): ReactNode {
  throw new Error('screen crashed')
}

/** Stands for the root route's error element: anything reaching it means the boundary let it through. */
class Outer extends Component<{ children: ReactNode }, { escaped: boolean }> {
  override state = { escaped: false }
  static getDerivedStateFromError() {
    return { escaped: true }
  }
  override render() {
    return this.state.escaped ? 'escaped' : this.props.children
  }
}

describe('the routed screen boundary', () => {
  it('records a crashing screen with its component stack, shows an error page and still logs to the console', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined)
    const router = createMemoryRouter(
      [
        {
          path: '/crash',
          element: (
            <Outer>
              <AntdProvider>
                <ViewErrorBoundary>
                  <Crash />
                </ViewErrorBoundary>
              </AntdProvider>
            </Outer>
          ),
        },
      ],
      { initialEntries: ['/crash'] },
    )
    render(<RouterProvider router={router} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This page crashed')
    expect(screen.queryByText('escaped')).toBeNull()
    const [logged] = useErrorLog.getState().errors
    expect(logged?.message).toBe('screen crashed')
    expect(logged?.place).toMatch(/^at Crash/)
    expect(console).toHaveBeenCalled()
  })
})
