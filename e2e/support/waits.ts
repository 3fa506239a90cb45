import type { Locator, Page, Request } from 'playwright-core'
import { expect } from 'vitest'
import { scaled } from '../../test/support/time.ts'

/**
 * Waits on what the page does, never on the clock. A click or a key is handled, and React commits what it
 * changed, before the event's task ends (discrete events render synchronously); the next animation frame
 * comes after that commit, so a check made then sees whatever the input caused, and its absence means the
 * input caused nothing.
 */
export const nextFrame = (page: Page): Promise<unknown> => page.evaluate('new Promise(requestAnimationFrame)')

/**
 * What a test expects to see, asserted: waits until `locator` shows, and when it never does fails saying
 * what did not appear (`what`), where a bare waitFor fails as a time-out.
 */
export async function shows(locator: Locator, what: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => locator.first().isVisible(), { message: `${what} did not appear`, timeout: scaled(timeout) })
    .toBe(true)
}

/** The page arrives at an address matching `address`, asserted; else fails saying where it was meant to go. */
export async function arrives(page: Page, address: RegExp, what: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => page.url(), { message: `did not arrive at ${what}`, timeout: scaled(timeout) })
    .toMatch(address)
}

/**
 * Presses a key of a drag by keyboard and waits until dnd-kit has announced its effect in its live region (a
 * drag is picked up, moved, dropped): its sensor ignores keys that come before it has measured the items.
 * Every announcement since the key is kept, for one may follow another within a frame (picked up, then
 * over its own place).
 */
export async function dragKey(page: Page, key: string, announced: RegExp): Promise<void> {
  await page.evaluate(`(() => {
    const seen = (window.dndAnnounced ??= [])
    seen.length = 0
    const regions = () => document.querySelectorAll('[id^="DndLiveRegion-"]')
    // What the regions said before this key, which an overwritten text must not be taken for.
    window.dndBefore = new Set([...regions()].map((region) => region.textContent))
    if (window.dndObserver) return
    // Two announcements may land before the observer runs (picked up, then over its own place): the first
    // is read from the text it replaced, the removed text node or the changed data's old value.
    window.dndObserver = new MutationObserver((changes) => {
      const inRegion = (node) => (node.nodeType === 3 ? node.parentElement : node)?.closest?.('[id^="DndLiveRegion-"]')
      for (const change of changes) {
        if (!inRegion(change.target)) continue
        const replaced = [...change.removedNodes].map((node) => node.textContent)
        if (change.type === 'characterData') replaced.push(change.oldValue)
        for (const text of replaced) if (text && !window.dndBefore.has(text)) seen.push(text)
      }
      for (const region of regions()) if (!window.dndBefore.has(region.textContent)) seen.push(region.textContent)
    })
    window.dndObserver.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      characterDataOldValue: true,
    })
  })()`)
  await page.keyboard.press(key)
  await expect.poll(() => page.evaluate('window.dndAnnounced.join(" ")')).toMatch(announced)
  // dnd-kit's keyboard sensor starts listening for the next key in a timer it sets on picking up; a timer of
  // ours set now runs after it, so the next key is heard (an arrow pressed before that moved nothing).
  await page.evaluate('new Promise((resolve) => setTimeout(resolve))')
}

/** The requests each page has under way, counted from the moment its context opened it (trackRequests). */
const underWay = new WeakMap<Page, Set<Request>>()

/**
 * Starts counting a page's requests. Contexts do this as they open a page (support/product.ts): counted only
 * from a first wait, a request the screen started before it (a row's name asked while the test waited for
 * the row) went unseen, and the screen was judged with `#1` still standing where the name comes.
 */
export function trackRequests(page: Page): Set<Request> {
  let open = underWay.get(page)
  if (!open) {
    const requests = new Set<Request>()
    // An edit page's presence stream (docs/resources.md "Who else is here") stays open as long as the page:
    // it is never work under way, and counted it would keep every edit page from being idle.
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/api/presence/')) requests.add(request)
    })
    page.on('requestfinished', (request) => requests.delete(request))
    page.on('requestfailed', (request) => requests.delete(request))
    underWay.set(page, requests)
    open = requests
  }
  return open
}

/**
 * Counts the page's requests still under way, from now on; `idle()` polls until there are none. Each request
 * is known by itself, so one that started before and ends meanwhile counts for nothing (a bare count went
 * below zero when the dashboard's calls, asked before, came back after it started, and never came to 0).
 */
export function requestsInFlight(page: Page) {
  const open = trackRequests(page)
  return {
    idle: async () => {
      await expect.poll(() => open.size).toBe(0)
      await nextFrame(page)
      await expect.poll(() => open.size).toBe(0)
    },
  }
}

/** CSS transitions and animations still running, endless ones (spinners) aside. */
const moving = (page: Page) =>
  page.evaluate<number>(
    `document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length`,
  )

/**
 * Waits for the screen to settle: no spinner or skeleton; then, once React has run the effects of what it drew
 * (two frames), no request under way (a screen that asks for more once its first answer is drawn) and again
 * no spinner; then nothing fading or sliding (a colour caught halfway through a transition is not the colour
 * shown).
 */
export async function settled(page: Page) {
  const open = trackRequests(page)
  const busy = () => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count()
  await expect.poll(busy, { timeout: scaled(20_000) }).toBe(0)
  await nextFrame(page)
  await nextFrame(page)
  await expect.poll(async () => open.size + (await busy()), { timeout: scaled(20_000) }).toBe(0)
  await expect.poll(() => moving(page), { timeout: scaled(20_000) }).toBe(0)
}
