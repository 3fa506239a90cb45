import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import type { Plugin, Rollup } from 'vite'
import { coldLoad } from './boot-preload.ts'

/**
 * What the first screens may weigh, brotli-compressed as the server sends them (web/precompress.ts), in KB
 * (issue 58, item 10: the login form and the first figures had doubled their time unnoticed). The login: the
 * page, boot.js, the entry and what loads with it (bench/login-bundle.ts measures the same on the wire). The
 * shell: the signed-in frame's own chunk.
 */
export const budgets = { loginKb: 160, shellKb: 160 }

/** Libraries that belong to the screens using them, never to the files a cold load fetches before its figures. */
const heavyLibraries = ['echarts', 'zrender', '@tiptap', 'prosemirror', 'exceljs', 'jszip', '@dnd-kit']
const heavyPath = new RegExp(`/node_modules/(${heavyLibraries.join('|')})[^/]*/`)

const brotliKb = (text: string | Uint8Array) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024

/** The build's faults against the budgets, and a line of what was weighed. */
export function weigh(
  bundle: Rollup.OutputBundle,
  page: { html: string; boot: string },
): { faults: string[]; summary: string } {
  const { withEntry, lists } = coldLoad(bundle)
  const source = (file: string) => {
    const item = bundle[file]
    return item?.type === 'chunk' ? item.code : (item?.source ?? '')
  }
  const login = [page.html, page.boot, ...withEntry.map(source)].reduce(
    (sum, text) => sum + brotliKb(text),
    0,
  )
  const shellFile = lists.find(([route]) => route === '*')?.[1][0] ?? ''
  const shell = brotliKb(source(shellFile))
  const faults: string[] = []
  if (login > budgets.loginKb)
    faults.push(`the login's files weigh ${login.toFixed(1)} KB, over their budget of ${budgets.loginKb} KB`)
  if (shell > budgets.shellKb)
    faults.push(
      `the shell chunk (${shellFile}) weighs ${shell.toFixed(1)} KB, over its budget of ${budgets.shellKb} KB`,
    )
  const cold = new Set([...withEntry, ...lists.flatMap(([, files]) => files)])
  for (const file of cold) {
    const item = bundle[file]
    if (item?.type !== 'chunk') continue
    const heavy = new Set(item.moduleIds.flatMap((id) => id.match(heavyPath)?.[1] ?? []))
    if (heavy.size > 0)
      faults.push(
        `${file}, fetched before the first figures, holds ${[...heavy].join(', ')}: load it with its screen`,
      )
  }
  const summary = `first screens, brotli: login ${login.toFixed(1)} of ${budgets.loginKb} KB, shell chunk ${shell.toFixed(1)} of ${budgets.shellKb} KB; ${cold.size} files before the first figures, none with ${heavyLibraries.join(', ')}`
  return { faults, summary }
}

/** Fails the build when the first screens' files outgrow their budgets or take in a heavy library. */
export function bundleBudget(): Plugin {
  return {
    name: 'vod:bundle-budget',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html']
        const boot = readFileSync(path.join(import.meta.dirname, 'public', 'boot.js'), 'utf8')
        const { faults, summary } = weigh(bundle, {
          html: html?.type === 'asset' ? String(html.source) : '',
          boot,
        })
        if (faults.length > 0) this.error(`Over the first screens' budget:\n  ${faults.join('\n  ')}`)
        this.info(summary)
      },
    },
  }
}
