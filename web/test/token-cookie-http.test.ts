// @vitest-environment-options {"url": "http://127.0.0.1:8080/"}
import { expect, it } from 'vitest'
import { clearSession, startSession, TOKEN_COOKIE } from '../src/stores/session.ts'

it('leaves the token cookie usable on plain http (a Secure one would not be kept there)', async () => {
  await startSession('http-token', [])
  expect(document.cookie).toContain(`${TOKEN_COOKIE}=http-token`)
  clearSession()
})
