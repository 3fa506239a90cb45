import type { Plugin } from 'vite'

/**
 * Everything the first screen needs in one chunk. Left to itself the bundler gives each module group the
 * lazy screens share with the login screen a chunk of its own (about twenty small files), and a cold load
 * then waits on their requests; here the entry's static imports, all of them, go into one chunk
 * (`boot`), which the lazy chunks import from.
 */
export function bootChunk(): { plugin: Plugin; name: (id: string) => string | null } {
  const boot = new Set<string>()
  const plugin: Plugin = {
    name: 'vod:boot-chunk',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      const pending = [...entries]
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (boot.has(id)) continue
        boot.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, name: (id) => (boot.has(id) ? 'boot' : null) }
}
