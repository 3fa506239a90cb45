import { JSDOM } from 'jsdom'
import { createServer, type Plugin } from 'vite'

/** What the screens' modules read of a browser as they load (cookies, storage), for rendering them in Node. */
function browserGlobals(): void {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' })
  for (const name of [
    'window',
    'document',
    'navigator',
    'localStorage',
    'sessionStorage',
    'location',
  ] as const)
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true })
}

/**
 * The login screen in index.html, in both languages, so the first visit shows it as soon as the page
 * arrives (public/boot.js keeps the one in the admin's language, or none where the app shows another first
 * screen); the app
 * then draws the same screen in its place, keeping what was typed (features/login/early-input.ts). Without
 * it the password field would wait for the whole app's script to arrive, compile and run.
 */
export function prerenderLogin(): Plugin {
  return {
    name: 'vod:prerender-login',
    apply: 'build',
    async transformIndexHtml(html) {
      browserGlobals()
      const server = await createServer({
        root: import.meta.dirname,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false },
      })
      try {
        const { renderLogin } = (await server.ssrLoadModule('/src/features/login/render-static.tsx')) as {
          renderLogin: (language: string) => string
        }
        const screens = [
          ['zh-CN', renderLogin('zh-cn')],
          ['en', renderLogin('en')],
        ].map(([lang, markup]) => `<div class="prerendered" lang="${lang}">${markup}</div>`)
        return html.replace('<!--prerendered login-->', screens.join(''))
      } finally {
        await server.close()
      }
    },
  }
}
