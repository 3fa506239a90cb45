#!/usr/bin/env node
// The server as one file, server/dist/main.mjs, which `npm start`, the browser tests and the benches run
// with plain Node. Run from its TypeScript sources the server idles at about 290 MB resident; bundled, at
// about 135 MB. Two causes: Node 24 parses a package's package.json again for each ES module it loads
// from it (drizzle-orm's is 179 KB, over 400 modules: 170 MB of garbage that leaves the heap grown), and
// transpiling at start keeps memory of its own. So drizzle-orm and the contract (TypeScript) are inlined;
// every other package stays external, loaded by Node as usual (native addons and WebAssembly included).
import { existsSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { newest, root } from './setup.mjs'

export const serverBundle = join(root, 'server', 'dist', 'main.mjs')

/**
 * How Node runs the bundle. A young generation of at most 4 MB a half (V8's default is 16): the server's
 * garbage is short-lived request and stream data, and a smaller nursery keeps the resident size near 120 MB
 * through a million-row export (about 200 MB with the default) at no measurable CPU cost a request. Its
 * collector exposed, so that the server hands back what heavy work grew once it is over
 * (server/src/lib/memory-release.ts).
 */
export const serverArgs = ['--max-semi-space-size=4', '--expose-gc', serverBundle]

/**
 * The environment it adds. glibc's malloc hands back a freed block of 128 KB or more at once (a fixed
 * threshold): by default the threshold rises to the largest block freed, so argon2's 19 MB a password hash,
 * freed on libuv's threads, stayed resident (a server took 160 MB after two logins; now 130 MB).
 */
export const serverEnv = { MALLOC_MMAP_THRESHOLD_: '131072' }

const sources = ['server/src', 'contract/src', 'server/package.json', 'package-lock.json'].map((p) =>
  join(root, p),
)
const inlined = /^(drizzle-orm|@vod\/contract)(\/|$)/

/** Builds the bundle when a source is newer than it; several processes may ask at once. */
export async function ensureServerBuilt() {
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= Math.max(...sources.map(newest))) return
  const { build } = await import('esbuild')
  // Written aside and renamed: a process starting the server meanwhile never reads half a file.
  const partial = `${serverBundle}.${process.pid}.partial`
  await build({
    entryPoints: [join(root, 'server', 'src', 'main.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            inlined.test(path) ? undefined : { path, external: true },
          )
        },
      },
    ],
  })
  renameSync(partial, serverBundle)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await ensureServerBuilt()
