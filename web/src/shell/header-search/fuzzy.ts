/**
 * Fuzzy matching for the menu search, as pure functions. A query matches a text when its characters
 * appear in it in order; a whole substring beats scattered letters, an early or word-start match beats a
 * late one, and shorter texts win ties. Works the same for Chinese titles (one character, one letter).
 */

const isWordStart = (text: string, index: number) => index === 0 || /[\s>/\-_.]/.test(text[index - 1] ?? '')

/** How well `query` matches `text` (higher is better), or null when it does not match at all. */
export function fuzzyScore(query: string, text: string): number | null {
  const needle = query.trim().toLowerCase().replace(/\s+/g, ' ')
  const haystack = text.toLowerCase()
  if (!needle) return null
  const at = haystack.indexOf(needle)
  if (at !== -1)
    return 1000 + (isWordStart(haystack, at) ? 200 : 0) - at * 10 - (haystack.length - needle.length)
  let score = 0
  let position = -1
  let run = 0
  for (const char of needle.replaceAll(' ', '')) {
    const next = haystack.indexOf(char, position + 1)
    if (next === -1) return null
    run = next === position + 1 ? run + 1 : 0
    score += 10 + run * 5 + (isWordStart(haystack, next) ? 8 : 0) - Math.min(next - position - 1, 10)
    position = next
  }
  return score
}

export interface SearchEntry {
  /** Where choosing the entry goes. */
  path: string
  /** The translated titles from the top menu level down to the page: ['Permission', 'Roles']. */
  titles: string[]
}

/** The entries matching `query`, best first; the title path and the URL path both count. */
export function rankEntries(query: string, entries: readonly SearchEntry[]): SearchEntry[] {
  const scored = entries.flatMap((entry) => {
    const byTitle = fuzzyScore(query, entry.titles.join(' > '))
    const byPage = fuzzyScore(query, entry.titles.at(-1) ?? '')
    const byPath = fuzzyScore(query, entry.path)
    const scores = [byTitle, byPage === null ? null : byPage + 1, byPath === null ? null : byPath - 1]
    const best = Math.max(...scores.filter((score): score is number => score !== null))
    return Number.isFinite(best) ? [{ entry, score: best }] : []
  })
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.entry.titles.join().length - b.entry.titles.join().length ||
        a.entry.path.localeCompare(b.entry.path),
    )
    .map(({ entry }) => entry)
}
