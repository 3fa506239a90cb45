/**
 * What one start of the app costs Chromium, the browser suite's largest cost (docs/speed.md "The test run"):
 * the real server (built web app, demo data, `npm run build` first), Chromium as the browser tests launch it,
 * BOOTS starts of a logged-in screen each in a fresh context as a test opens one, and the CPU-seconds of
 * Chromium's processes (user + system, the ended ones included) per start. BOOT_ARGS adds Chromium flags
 * (space-separated), to weigh one against the suite's own; BOOT_PATH picks the screen.
 *
 *   npm run build && npx tsx bench/app-boots.ts
 */
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from 'playwright-core'
import { browserOptions } from '../e2e/support/browser.ts'
import { ADMIN, startServer } from '../e2e/support/server.ts'

const BOOTS = Number(process.env.BOOTS ?? 10)
const PATH = process.env.BOOT_PATH ?? '/tags'
const extra = (process.env.BOOT_ARGS ?? '').split(' ').filter(Boolean)

/** CPU-seconds of a process and its descendants, the ended and waited for ones included; by kind with BY_KIND. */
function treeCpu(root: number, kinds?: Map<string, number>): number {
  const children = new Map<number, number[]>()
  const cpu = new Map<number, number>()
  const kindOf = new Map<number, string>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const parent = Number(fields[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
      cpu.set(Number(entry), fields.slice(11, 15).reduce((sum, n) => sum + Number(n), 0) / 100)
      if (kinds) {
        const kind =
          /--type=(\S+)/.exec(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '))?.[1] ??
          'browser'
        kindOf.set(Number(entry), kind)
      }
    } catch {
      // ended meanwhile
    }
  }
  const sum = (pid: number): number => {
    kinds?.set(kindOf.get(pid) ?? '?', (kinds.get(kindOf.get(pid) ?? '?') ?? 0) + (cpu.get(pid) ?? 0))
    return (cpu.get(pid) ?? 0) + (children.get(pid) ?? []).reduce((s, c) => s + sum(c), 0)
  }
  return sum(root)
}

const server = await startServer()
const browserServer = await chromium.launchServer({
  ...browserOptions,
  args: [...(browserOptions.args ?? []), ...extra],
})
const browser = await chromium.connect(browserServer.wsEndpoint())
const pid = browserServer.process().pid as number
const token = (
  (await (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { access_token: string }
).access_token

async function boot() {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  })
  await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }])
  const page = await context.newPage()
  await page.goto(`${server.url}/#${PATH}`)
  await page.locator('.shell-view .ant-table-row').first().waitFor({ timeout: 120_000 })
  await context.close()
}

await boot()
const kindsBefore = new Map<string, number>()
const before = treeCpu(pid, kindsBefore)
const started = performance.now()
for (let n = 0; n < BOOTS; n++) await boot()
const seconds = (performance.now() - started) / 1000
const kindsAfter = new Map<string, number>()
const used = treeCpu(pid, kindsAfter) - before
console.log(
  `${new Date().toISOString()} load ${loadavg()[0]?.toFixed(2)}; ${PATH}, ${BOOTS} starts, flags: ${extra.join(' ') || "(the suite's)"}`,
)
console.log(
  `  Chromium ${(used / BOOTS).toFixed(2)} CPU-s a start, ${(seconds / BOOTS).toFixed(2)} s wall a start`,
)
for (const [kind, after] of kindsAfter)
  console.log(
    `    ${kind}: ${((after - (kindsBefore.get(kind) ?? 0)) / BOOTS).toFixed(2)} CPU-s a start (the ended ones of a kind count with their parent's)`,
  )
await browser.close()
await browserServer.close()
await server.stop()
