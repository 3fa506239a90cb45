import { act, configure } from '@testing-library/react'
import { afterAll } from 'vitest'
// As in app/main.tsx: the HTTP module gets the session's token, the language and the 401 handling, and i18n
// the strings of the screens before the shell.
import { bootLocales } from '../src/app/boot-locales.ts'
import '../src/app/http-setup.ts'
// As in app/SignedIn.tsx: screens rendered on their own here live inside the shell in the app.
import '../src/app/shell.ts'
import { scaled } from '../../test/support/time.ts'
import { addLocales } from '../src/i18n/index.ts'

addLocales(bootLocales)

// Some screens here wait on a real server (the gadgets fixture) while the API suites load both cores: the
// default second for a findBy is too short a wait there, though not for a working screen (a server's answer
// can take over 5 s on a host at half speed).
configure({ asyncUtilTimeout: scaled(10_000) })

// jsdom lacks matchMedia, which antd's responsive helpers call; a never-matching stand-in is enough for tests.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }) as unknown as MediaQueryList

// jsdom lacks ResizeObserver, which antd's dropdown lists (select options) use to measure themselves.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// Feedback messages (base/notify.ts) live in a React root of their own and close on timers. They are all
// closed after each file, and the closing waited for, so that no timer or React work is left to run after
// the file's window is gone ("window is not defined"). jsdom never ends a CSS transition by itself, so each
// closing message is told its transition ended: the next file, in the same window, starts without them.
afterAll(async () => {
  const settle = () => act(async () => new Promise((settled) => setTimeout(settled, 50)))
  if (document.querySelector('.ant-message')) {
    const { default: message } = await import('antd/es/message')
    await act(async () => message.destroy())
    const left = () => document.querySelectorAll('.ant-message-notice')
    for (let waited = 0; left().length > 0 && waited < scaled(5_000); waited += 50) {
      for (const notice of left()) notice.dispatchEvent(new Event('transitionend'))
      await settle()
    }
  }
  await settle()
})
