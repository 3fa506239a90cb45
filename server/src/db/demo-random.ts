/** Repeatable "random" numbers (mulberry32), so every fresh database gets the same demo data. */
export function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A picker over the same sequence: one of `items`, evenly. */
export const picker =
  (next: () => number) =>
  <T>(items: readonly T[]): T =>
    items[Math.floor(next() * items.length)] as T
