import { readFileSync } from 'node:fs'
import path from 'node:path'
import { API_VERSION } from '@vod/contract/lists'
import type { Plugin, Rollup } from 'vite'

/** The cold load's screens and their modules, as app/route-prefetch.ts names them (`'/path': () => import('…')`). */
function firstScreens(): [string, string][] {
  const file = path.join(import.meta.dirname, 'src/app/route-prefetch.ts')
  const found = [...readFileSync(file, 'utf8').matchAll(/'(\/[^']*)': \(\) => import\('\.\.\/([^']+)'\)/g)]
  if (found.length === 0) throw new Error(`${file}: no screen of the cold load found (screenCode)`)
  return found.map(([, route, module]) => [route as string, `/src/${module}`])
}

/** The signed-in frame's roots (app/router.tsx loads the first, app/guard.ts the second). */
const shellRoots = ['/src/app/SignedIn.tsx', '/src/app/shell.ts']

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * What a cold load fetches, from the build's output: the entry and the files loaded with it (`withEntry`), and
 * for the signed-in frame (`*`) and each first screen the further files (chunks, then their CSS).
 */
export function coldLoad(bundle: Rollup.OutputBundle): {
  entry: string
  withEntry: string[]
  lists: [string, string[]][]
} {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('vod:boot-preload: no entry chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const withImports = (files: string[], into = new Set<string>()) => {
    for (const file of files) {
      if (into.has(file)) continue
      into.add(file)
      withImports(byFile.get(file)?.imports ?? [], into)
    }
    return into
  }
  const loadedWithEntry = withImports([entry.fileName])
  const holding = (module: string) => {
    const chunk = chunks.find((one) => one.moduleIds.some((id) => id.endsWith(module)))
    if (!chunk) throw new Error(`vod:boot-preload: no chunk holds ${module}`)
    return chunk.fileName
  }
  const filesOf = (modules: string[]) => {
    const files = [...withImports(modules.map(holding))].filter((file) => !loadedWithEntry.has(file))
    const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])
    return [...files, ...css]
  }
  const withEntry = [...loadedWithEntry].flatMap((file) => [
    file,
    ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
  ])
  return {
    entry: entry.fileName,
    withEntry,
    lists: [
      ['*', filesOf(shellRoots)],
      ...firstScreens().map(([route, module]): [string, string[]] => [route, filesOf([module])]),
    ],
  }
}

/**
 * Lets public/boot.js, which runs as index.html is parsed, start the app's code itself (issue 58, item 10):
 *  - the entry is fetched at once (modulepreload) but run by boot.js: on the login screen after the
 *    prerendered form has painted (running half a megabyte of script first held the form back), elsewhere
 *    at once;
 *  - a signed-in cold load fetches the frame's chunks and its screen's beside the entry, not after the entry
 *    has run and asked for them: boot.js adds their modulepreload links from the lists this writes into the
 *    page (`<meta name="vod-preload" data-route="…">`, `*` for the frame, each file's static imports with
 *    it; the entry's own left out);
 *  - such a load's first calls go out from boot.js too (api/boot-answers.ts takeBootAnswer), with the API
 *    version named here.
 */
export function bootPreload(): Plugin {
  return {
    name: 'vod:boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle } = context
        if (!bundle) return html
        const { entry, lists } = coldLoad(bundle)
        const metas = lists
          .map(
            ([route, files]) =>
              `<meta name="vod-preload" data-route="${attribute(route)}" content="${files.map((file) => `./${file}`).join(' ')}">`,
          )
          .join('\n    ')
        const script = `<script type="module" crossorigin src="./${entry}"></script>`
        if (!html.includes(script)) throw new Error(`vod:boot-preload: index.html lacks ${script}`)
        return html.replace(
          script,
          `<link rel="modulepreload" crossorigin href="./${entry}">\n    ` +
            `<meta name="vod-entry" content="./${entry}" data-api-version="${API_VERSION}">\n    ${metas}`,
        )
      },
    },
  }
}
