import type { IncomingMessage } from 'node:http'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { codeIssue, normalizeCode } from '../src/features/two-factor/code.ts'
import TwoFactorStep from '../src/features/two-factor/TwoFactorStep.tsx'
import '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

interface Call {
  method: string
  url: string
  authorization: string | undefined
  body: unknown
}

let calls: Call[] = []
let reply: (call: Call) => { status: number; body: unknown }

serveApi((req: IncomingMessage, res) => {
  let text = ''
  req.on('data', (chunk) => {
    text += chunk
  })
  req.on('end', () => {
    const call = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    }
    calls.push(call)
    const { status, body } = reply(call)
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  })
})

beforeEach(() => {
  calls = []
  act(() => useApp.getState().setLanguage('en'))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const login = { access_token: 'access', token_type: 'Bearer', expires_in: 60, permissions: ['list-tags'] }

function renderStep(mode: 'bind' | 'verify') {
  const onSuccess = vi.fn()
  const onCancel = vi.fn()
  render(<TwoFactorStep mode={mode} token="2fa-token" onSuccess={onSuccess} onCancel={onCancel} />)
  return { onSuccess, onCancel }
}

/** The message tied to the code field through aria-describedby, as assistive technology reads it. */
const messageOfCode = () => {
  const id = screen.getByLabelText('Authenticator code').getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

describe('the code rule: 6 digits', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['12345', 'format'],
    ['1234567', 'format'],
    ['12a456', 'format'],
    ['123456', null],
    ['123 456', null],
  ])('%j -> %j', (code, issue) => {
    expect(codeIssue(code)).toBe(issue)
  })

  it('sends the code without the spaces people group it with', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456')
  })
})

describe('the login two-factor step', () => {
  it('refuses anything but 6 digits without asking the server', async () => {
    reply = () => ({ status: 200, body: login })
    renderStep('verify')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(messageOfCode()).toBe('Please enter the 6-digit code.')
    await userEvent.type(screen.getByLabelText('Authenticator code'), '12345')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(messageOfCode()).toBe('The code is 6 digits.')
    await userEvent.clear(screen.getByLabelText('Authenticator code'))
    await userEvent.type(screen.getByLabelText('Authenticator code'), 'abcdef')
    await userEvent.tab()
    expect(messageOfCode()).toBe('The code is 6 digits.')
    expect(screen.getByLabelText('Authenticator code').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
  })

  it('shows the messages in Chinese when the language is zh-cn', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    reply = () => ({ status: 200, body: login })
    renderStep('verify')
    await userEvent.type(screen.getByLabelText('验证码'), '123')
    await userEvent.click(screen.getByRole('button', { name: '验证' }))
    expect(screen.getByRole('alert').textContent).toBe('验证码为 6 位数字。')
  })

  it('verifies with the two-factor token, not the session, and hands over the plain login', async () => {
    useSession.setState({ token: 'someone-else' })
    reply = () => ({ status: 200, body: login })
    const { onSuccess } = renderStep('verify')
    await userEvent.type(screen.getByLabelText('Authenticator code'), '123 456')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/googleVerify',
        authorization: 'Bearer 2fa-token',
        body: { code: '123456' },
      },
    ])
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({ access_token: 'access', permissions: ['list-tags'] })
    useSession.setState({ token: undefined })
  })

  it("shows a wrong code's message under the field", async () => {
    reply = () => ({
      status: 422,
      body: { message: 'Invalid.', errors: { code: ['The code is wrong, expired or already used.'] } },
    })
    const { onSuccess } = renderStep('verify')
    await userEvent.type(screen.getByLabelText('Authenticator code'), '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByText('The code is wrong, expired or already used.')
    expect(messageOfCode()).toBe('The code is wrong, expired or already used.')
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('binds: shows the QR code and the key once, then verifies', async () => {
    reply = (call) =>
      call.url === '/api/googleOtpauth'
        ? {
            status: 200,
            body: {
              data: {
                secret: 'JBSWY3DPEHPK3PXP',
                otpauth_url: 'otpauth://totp/x',
                qr_code: 'data:image/png;base64,AAAA',
              },
            },
          }
        : { status: 200, body: login }
    const { onSuccess } = renderStep('bind')
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA')
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP')
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Authenticator code'), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/googleOtpauth', 'Bearer 2fa-token'],
      ['/api/googleVerify', 'Bearer 2fa-token'],
    ])
  })

  it('an expired two-factor token sends the admin back to log in, without ending any session', async () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    reply = () => ({ status: 401, body: { message: 'Unauthenticated.' } })
    const { onCancel } = renderStep('verify')
    await userEvent.type(screen.getByLabelText('Authenticator code'), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByText('This sign-in step has expired. Please log in again.')
    expect(reload).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }))
    expect(onCancel).toHaveBeenCalled()
  })
})
