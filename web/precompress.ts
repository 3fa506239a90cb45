import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else yield full
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside each text file of the build, once,
 * so the server sends them as they are (server/src/plugins/static.ts) instead of compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'vod:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const jobs: Promise<void>[] = []
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        const content = await readFile(file)
        if (content.length < MIN_BYTES) continue
        jobs.push(
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }).then((compressed) => writeFile(`${file}.br`, compressed)),
          gzipAsync(content, { level: 9 }).then((compressed) => writeFile(`${file}.gz`, compressed)),
        )
      }
      await Promise.all(jobs)
    },
  }
}
