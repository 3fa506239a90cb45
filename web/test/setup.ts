import { act } from '@testing-library/react'
import { afterAll } from 'vitest'
// As in main.tsx: the HTTP module gets the session's token, the language and the 401 handling.
import '../src/app/http-setup.ts'
// As in shell/Layout.tsx: screens rendered on their own here live inside the shell in the app.
import '../src/shell/shell-strings.ts'

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

// Feedback messages (app/notify.ts) live in a React root of their own and close on timers. They are all
// closed after each file, and the closing waited for, so that no timer or React work is left to run after
// the file's window is gone ("window is not defined"). jsdom never ends a CSS transition, so a closed
// message stays in the page in its leave state: that state is what is waited for.
afterAll(async () => {
  const settle = () => act(async () => new Promise((settled) => setTimeout(settled, 50)))
  if (document.querySelector('.ant-message')) {
    const { default: message } = await import('antd/es/message')
    await act(async () => message.destroy())
    const open = () => document.querySelector('.ant-message-notice:not(.ant-message-fade-leave)')
    for (let waited = 0; open() && waited < 5_000; waited += 50) await settle()
  }
  await settle()
})
