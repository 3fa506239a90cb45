import type { Plugin } from 'vite'

/** The modules the signed-in frame starts from: the frame, and the route table it and the guard read. */
const shellRoots = ['/src/app/SignedIn.tsx', '/src/app/shell.ts']

/**
 * Two chunks of modules that load together, each as one file rather than the bundler's many.
 *  - `boot`: everything the first screen needs. Left to itself the bundler gives each module group the lazy
 *    screens share with the login screen a chunk of its own (about twenty small files), and a cold load then
 *    waits on their requests; here the entry's static imports, all of them, go into one chunk, which the
 *    lazy chunks import from.
 *  - `shell`: what the signed-in frame (app/SignedIn.tsx) and the shell's route table with its strings
 *    (app/shell.ts) import, beyond boot: the antd components, icons, stores and resource definitions of the
 *    frame, some forty files left to the bundler. A cold load of a signed-in screen fetches them all before
 *    its first figure, and on HTTP/1.1's six connections they held back the screen's own calls (issue 36,
 *    item 6). Modules a public screen loads without the shell (the error pages, the second login step)
 *    stay out of it, so those screens never fetch the frame.
 */
/**
 * Barrels that re-export a library's every part: a closure through one would hold the whole library, so it
 * follows only the parts the importer names (`import { Result } from 'antd'`: antd/es/result/index.js).
 */
const barrels: { barrel: RegExp; from: string; part: (name: string) => string }[] = [
  {
    barrel: /\/node_modules\/antd\/es\/index\.js$/,
    from: 'antd',
    part: (name) => `/antd/es/${name.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase()}/index.js`,
  },
  {
    barrel: /\/node_modules\/@ant-design\/icons\/es\/index\.js$/,
    from: '@ant-design/icons',
    part: (name) => `/@ant-design/icons/es/icons/${name}.js`,
  },
]

/** The names `code` imports from `from` (`import { A, B as C } from 'from'`). */
function namedImports(code: string, from: string): string[] {
  const quoted = from.replace(/[/.]/g, '\\$&')
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g')
  return [...code.matchAll(pattern)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.replace(/^type\s+/, '') ?? '',
      )
      .filter((name) => name !== '' && !name.startsWith('type ')),
  )
}

/** A code-splitting group of rolldown's (build.rolldownOptions.output.codeSplitting.groups). */
interface Group {
  name: (id: string) => string | null
  debugName: string
  includeDependenciesRecursively?: boolean
}

export function bootChunk(): { plugin: Plugin; groups: Group[] } {
  const boot = new Set<string>()
  const shell = new Set<string>()
  const common = new Set<string>()
  const firstScreens = new Set<string>()
  const plugin: Plugin = {
    name: 'vod:boot-chunk',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id)
      const ids = [...this.getModuleIds()]
      /** What a module imports, a barrel's parts by name. */
      const importsOf = (id: string): string[] => {
        const module = info(id)
        if (!module) return []
        return module.importedIds.flatMap((imported) => {
          const known = barrels.find(({ barrel }) => barrel.test(imported))
          if (!known) return [imported]
          const named = namedImports(module.code ?? '', known.from).map((name) =>
            ids.find((part) => part.endsWith(known.part(name))),
          )
          // A name not found as a part: the whole barrel, to be safe.
          return named.every((part) => part !== undefined) ? (named as string[]) : [imported]
        })
      }
      /** The static closure of `from`, leaving out the modules `except` holds. */
      const closure = (from: string[], except: Set<string> = new Set(), follow = importsOf) => {
        const found = new Set<string>()
        for (let pending = [...from], id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (found.has(id) || except.has(id)) continue
          found.add(id)
          pending.push(...follow(id))
        }
        return found
      }
      const entries = ids.filter((id) => info(id)?.isEntry)
      for (const id of closure(entries, new Set(), (id) => info(id)?.importedIds ?? [])) boot.add(id)

      const roots = ids.filter((id) => shellRoots.some((root) => id.endsWith(root)))
      if (roots.length !== shellRoots.length) return
      const frame = closure(roots, boot)
      const dynamicOf = (modules: Iterable<string>) =>
        new Set([...modules].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []))
      // What boot loads lazily other than the shell and its screens: public screens, loaded without the shell.
      const screens = dynamicOf(frame)
      const lazyPublic = [...dynamicOf(boot)].filter((id) => !roots.includes(id) && !screens.has(id))
      // (The 401 page reads the route table: it loads the shell's chunk through it, not the other way round.)
      const publicModules = closure(lazyPublic, new Set([...boot, ...roots]))
      for (const id of frame) {
        if (publicModules.has(id)) common.add(id)
        else shell.add(id)
      }
      // The screens whose code a cold load asks for beside the shell's (app/route-prefetch.ts): what they import
      // beyond boot and the shell, one file, the screens themselves files of their own.
      const prefetched = [...dynamicOf(boot)].filter((id) => screens.has(id))
      const taken = new Set([...boot, ...frame, ...publicModules, ...prefetched])
      for (const id of closure(prefetched.flatMap(importsOf), taken)) firstScreens.add(id)
    },
  }
  const groups: Group[] = [
    { name: (id) => (boot.has(id) ? 'boot' : null), debugName: 'boot' },
    // Only the modules named: by default a group takes in what they import too, public screens' parts included.
    {
      name: (id) => (shell.has(id) ? 'shell' : null),
      debugName: 'shell',
      includeDependenciesRecursively: false,
    },
    {
      name: (id) => (common.has(id) ? 'common' : null),
      debugName: 'common',
      includeDependenciesRecursively: false,
    },
    {
      name: (id) => (firstScreens.has(id) ? 'first-screens' : null),
      debugName: 'first-screens',
      includeDependenciesRecursively: false,
    },
  ]
  return { plugin, groups }
}
