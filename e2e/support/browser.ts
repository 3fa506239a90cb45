import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core'

/** Debian's Chromium, driven by playwright-core; the flags keep it off this machine's closed network. */
export const browserOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/** The browser the whole e2e run shares (global-setup.ts); test files connect to it. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(browserOptions)
}

/** A browser of the caller's own (benchmarks). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(browserOptions)
}
