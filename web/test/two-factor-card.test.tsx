import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TwoFactorCard } from '../src/features/two-factor/TwoFactorCard.tsx'
import '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

interface Call {
  url: string
  authorization: string | undefined
  body: unknown
}

let calls: Call[] = []
let bound = true

const binding = {
  data: {
    secret: 'JBSWY3DPEHPK3PXP',
    otpauth_url: 'otpauth://totp/x',
    qr_code: 'data:image/png;base64,AAAA',
  },
}

// The server's rules (API.md "Auth"): with an access token, rebinding needs the current code first.
serveApi((req, res) => {
  let text = ''
  req.on('data', (chunk) => {
    text += chunk
  })
  req.on('end', () => {
    const body = text ? JSON.parse(text) : {}
    calls.push({ url: req.url ?? '', authorization: req.headers.authorization, body })
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(answer))
    }
    if (req.url === '/api/googleOtpauth') {
      if (bound && !body.code)
        return send(422, {
          message: 'Invalid.',
          errors: { code: ['Enter the current code from your authenticator.'] },
        })
      if (bound && body.code !== '111111')
        return send(422, {
          message: 'Invalid.',
          errors: { code: ['The code is wrong, expired or already used.'] },
        })
      return send(200, binding)
    }
    bound = true
    return send(200, { data: { two_factor_bound: 1 } })
  })
})

beforeEach(() => {
  calls = []
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  act(() => useApp.getState().setLanguage('en'))
  useSession.setState({ token: 'access-token', profile: null })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  useSession.setState({ token: undefined, profile: null })
})

const codeField = () => screen.getByRole('textbox', { name: /code/i })
// A button that was busy keeps its fading spinner in jsdom (no animations end here), so names end-match.
const continueButton = () => screen.getByRole('button', { name: /Continue$/ })

describe('the profile two-factor card', () => {
  it('rebinds with the access token: current code first, then the new authenticator', async () => {
    bound = true
    useSession.setState({ profile: { ...profile, two_factor_bound: 1 } })
    render(<TwoFactorCard />)
    // GET /api/auth/me said one is bound: the card shows it and offers rebinding before any call.
    expect(screen.getByText('An authenticator is bound to your account.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Bind authenticator' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Rebind authenticator' }))
    expect(calls).toEqual([])
    // Straight to the current code, without first asking the server and being refused.
    await screen.findByText('Enter the code your current authenticator shows, to set up a new one.')
    await userEvent.type(codeField(), '12')
    await userEvent.click(continueButton())
    await screen.findByText('The code is 6 digits.')
    await userEvent.clear(codeField())
    await userEvent.type(codeField(), '000000')
    await userEvent.click(continueButton())
    await screen.findByText('The code is wrong, expired or already used.')
    await userEvent.clear(codeField())
    await userEvent.type(codeField(), '111111')
    await userEvent.click(continueButton())

    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP')
    await userEvent.type(codeField(), '222222')
    await userEvent.click(screen.getByRole('button', { name: /Verify$/ }))
    await screen.findByText('An authenticator is bound to your account.')
    expect(screen.getByRole('button', { name: 'Rebind authenticator' })).toBeTruthy()
    expect(calls.map((c) => [c.url, c.authorization, c.body])).toEqual([
      ['/api/googleOtpauth', 'Bearer access-token', { code: '000000' }],
      ['/api/googleOtpauth', 'Bearer access-token', { code: '111111' }],
      ['/api/googleVerify', 'Bearer access-token', { code: '222222' }],
    ])
  })

  it('binds a first authenticator straight away when none is bound', async () => {
    bound = false
    useSession.setState({ profile: { ...profile, two_factor_bound: 0 } })
    render(<TwoFactorCard />)
    expect(screen.getByText('No authenticator is bound to your account yet.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Rebind authenticator' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Bind authenticator' }))
    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })
    await userEvent.type(codeField(), '333333')
    await userEvent.click(screen.getByRole('button', { name: /Verify$/ }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /Rebind authenticator$/ })).toBeTruthy())
    expect(calls.map((c) => c.url)).toEqual(['/api/googleOtpauth', '/api/googleVerify'])
    // The session's profile follows, so the card (and anything else reading it) stays right after a remount.
    expect(useSession.getState().profile?.two_factor_bound).toBe(1)
  })
})

const profile = {
  id: 1,
  username: 'admin',
  name: 'Admin',
  avatar: null,
  introduction: null,
  email: null,
  roles: ['admin'],
  two_factor_mode: 'optional' as const,
  field_rules: {},
  time_zone: 'UTC',
}
