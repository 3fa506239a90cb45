// @vitest-environment-options {"url": "https://backoffice.example/"}
import { afterEach, expect, it } from 'vitest'
import { clearSession, startSession, TOKEN_COOKIE } from '../src/stores/session.ts'

/** What the page wrote to document.cookie: the attributes are in the write, never in the read. */
function recordCookieWrites(): { writes: string[]; restore: () => void } {
  const writes: string[] = []
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') as PropertyDescriptor
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => native.get?.call(document),
    set: (value: string) => {
      writes.push(value)
      native.set?.call(document, value)
    },
  })
  return { writes, restore: () => delete (document as { cookie?: string }).cookie }
}

let restore = () => {}
afterEach(() => {
  clearSession()
  restore()
})

it('marks the token cookie Secure when the app is served over https', async () => {
  const recorder = recordCookieWrites()
  restore = recorder.restore
  await startSession('https-token', [])
  const write = recorder.writes.find((w) => w.startsWith(`${TOKEN_COOKIE}=`))
  expect(write).toMatch(/;\s*secure/i)
  expect(write).toMatch(/;\s*samesite=strict/i)
  expect(document.cookie).toContain(`${TOKEN_COOKIE}=https-token`)
})
