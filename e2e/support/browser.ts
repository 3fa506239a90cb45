import { type Browser, chromium, type LaunchOptions } from 'playwright-core'

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

/** A browser of the caller's own, in its process: each browser-suite worker's (product.ts), the benchmarks'. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(browserOptions)
}
