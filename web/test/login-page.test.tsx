import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Cookies from 'js-cookie'
import { act } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LoginPage from '../src/features/login/LoginPage.tsx'
import '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { SESSION_NOTICE_KEY, TOKEN_COOKIE, useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

let received: { username?: string; password?: string } = {}
let reply: { status: number; body: unknown; headers?: Record<string, string> }

serveApi((req, res) => {
  let body = ''
  req.on('data', (chunk) => {
    body += chunk
  })
  req.on('end', () => {
    received = JSON.parse(body || '{}')
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers })
    res.end(JSON.stringify(reply.body))
  })
})

beforeEach(() => {
  act(() => useApp.getState().setLanguage('en'))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE)
  useSession.setState({ token: undefined, profile: null })
})

const Arrived = () => <p>arrived</p>

function renderLogin(url = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', Component: Arrived },
    ],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} />)
  return router
}

/** The message tied to an input through aria-describedby, as assistive technology reads it. */
function messageOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

async function typePassword(value: string, label = 'Password') {
  const password = screen.getByLabelText(label)
  await userEvent.clear(password)
  if (value) await userEvent.type(password, value)
  await userEvent.tab()
}

describe('login form password rules (spec section 5)', () => {
  it.each([
    ['', 'Please input the password.'],
    ['abcdefgh', 'Your password does not contain any number.'],
    ['12345678', 'Your password does not contain any letter.'],
    ['!!!!####', 'Please make sure your password contains at least one number and one letter.'],
  ])('%j shows %j', async (value, message) => {
    renderLogin()
    await typePassword(value)
    expect(messageOf('Password')).toBe(message)
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows nothing for a valid password', async () => {
    renderLogin()
    await typePassword('abc12345')
    expect(messageOf('Password')).toBeNull()
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('false')
  })

  it('shows the messages in Chinese when the language is zh-cn', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    renderLogin()
    await typePassword('abcdefgh', '密码')
    expect(messageOf('密码')).toBe('密码中没有包含任何数字。')
  })

  it('does not send the form while a rule fails', async () => {
    received = {}
    renderLogin()
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Please input the username.',
      'Please input the password.',
    ])
    expect(received).toEqual({})
  })
})

describe('login submission', () => {
  it('trims the username, keeps the token and goes to the redirect path', async () => {
    reply = {
      status: 200,
      body: { access_token: 'tok', token_type: 'Bearer', expires_in: 60, permissions: ['list-tags'] },
    }
    const router = renderLogin(`/login?redirect=${encodeURIComponent('/tags?page=2')}`)
    await userEvent.type(screen.getByLabelText('Username'), '  admin  ')
    await userEvent.type(screen.getByLabelText('Password'), 'abc12345')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    await screen.findByText('arrived')
    expect(received).toEqual({ username: 'admin', password: 'abc12345' })
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok')
    expect(router.state.location.pathname + router.state.location.search).toBe('/tags?page=2')
  })

  it('sends, once, what the prerendered screen was given and sent before the app drew its own', async () => {
    reply = {
      status: 200,
      body: { access_token: 'tok', token_type: 'Bearer', expires_in: 60, permissions: ['list-tags'] },
    }
    // As public/boot.js notes it: the password typed, and the form sent, after the prerendered fields went.
    window.vodEarly = { username: 'admin', password: 'abc12345', focus: 'password', submitted: true }
    const router = renderLogin()
    await screen.findByText('arrived')
    expect(received).toEqual({ username: 'admin', password: 'abc12345' })
    expect(router.state.location.pathname).toBe('/')
    expect(window.vodEarly).toBeUndefined()
    // A later login screen starts empty and sends nothing by itself.
    cleanup()
    received = {}
    renderLogin()
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('')
    expect(received).toEqual({})
  })

  it("shows the server's 422 under the field", async () => {
    reply = {
      status: 422,
      body: { message: 'Invalid.', errors: { username: ['These credentials do not match.'] } },
    }
    renderLogin()
    await userEvent.type(screen.getByLabelText('Username'), 'admin')
    await userEvent.type(screen.getByLabelText('Password'), 'abc12345')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    await screen.findByText('These credentials do not match.')
    expect(messageOf('Username')).toBe('These credentials do not match.')
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
  })

  it("shows the server's message when no field is named", async () => {
    reply = { status: 503, body: { message: 'Down for maintenance.' } }
    renderLogin()
    await userEvent.type(screen.getByLabelText('Username'), 'admin')
    await userEvent.type(screen.getByLabelText('Password'), 'abc12345')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Down for maintenance.')
  })

  it('after too many attempts says how many minutes, in the current language, and waits that long', async () => {
    reply = {
      status: 429,
      body: { message: 'Too many login attempts. Please try again in 898 seconds.' },
      headers: { 'Retry-After': '898' },
    }
    // The minutes left are read off a clock that stands still: 898 s are 15 minutes however long the test takes.
    vi.useFakeTimers({ toFake: ['Date'] })
    renderLogin()
    await userEvent.type(screen.getByLabelText('Username'), 'admin')
    await userEvent.type(screen.getByLabelText('Password'), 'abc12345')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many login attempts. Please try again in 15 minutes.',
    )
    expect(screen.getByTestId('login-submit')).toHaveProperty('disabled', true)
    act(() => useApp.getState().setLanguage('zh-cn'))
    expect(screen.getByRole('alert').textContent).toBe('登录尝试次数过多，请 15 分钟后再试。')
    expect(screen.getByTestId('login-submit')).toHaveProperty('disabled', true)
  })

  it('says why the session ended, once', () => {
    sessionStorage.setItem(SESSION_NOTICE_KEY, JSON.stringify({ reason: 'account_disabled', drafts: 1 }))
    renderLogin('/login?redirect=%2Ftags')
    expect(screen.getByTestId('session-notice').textContent).toMatch(
      /^Your account has been disabled\. .* What you had typed and not saved is kept/,
    )
    expect(sessionStorage.getItem(SESSION_NOTICE_KEY)).toBeNull()
  })
})
