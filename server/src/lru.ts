/** A map that keeps its `limit` most recently used entries (a Map iterates in insertion order). */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>()
  readonly limit: number
  constructor(limit: number) {
    this.limit = limit
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  /** Adds an entry; answers the one it displaced, if the map was full. */
  set(key: K, value: V): [K, V] | undefined {
    this.#entries.delete(key)
    let displaced: [K, V] | undefined
    if (this.#entries.size >= this.limit) {
      displaced = this.#entries.entries().next().value
      if (displaced) this.#entries.delete(displaced[0])
    }
    this.#entries.set(key, value)
    return displaced
  }

  keys(): K[] {
    return [...this.#entries.keys()]
  }
}
