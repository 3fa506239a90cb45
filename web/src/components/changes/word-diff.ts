/**
 * What changed between two texts, word by word: the longest run of words both keep (an LCS over words, the
 * spaces after each word part of it), the rest marked removed or added. Enough for the long text of a history
 * entry (a post's body, an answer); no library for it.
 */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added'
  text: string
}

/** Texts longer than this (or rich text) read as a word diff rather than "before → after". */
export const LONG_TEXT = 200

/**
 * Past this many cells of the LCS table (words before × words after, once the common start and end are set
 * aside) the middle shows as removed then added: a diff that costs the browser seconds helps nobody.
 */
const MAX_CELLS = 4_000_000

/** A word with the spaces that follow it: joined again, the parts give back the text exactly. */
const wordsOf = (text: string): string[] => text.match(/\s+|\S+\s*/g) ?? []

/** Adjacent parts of one kind as one. */
function merged(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = []
  for (const part of parts) {
    const last = out[out.length - 1]
    if (part.text === '') continue
    if (last && last.kind === part.kind) last.text += part.text
    else out.push({ ...part })
  }
  return out
}

/** The middle, by the LCS table over words. */
function middle(a: string[], b: string[]): DiffPart[] {
  if (a.length * b.length > MAX_CELLS)
    return [
      { kind: 'removed', text: a.join('') },
      { kind: 'added', text: b.join('') },
    ]
  const width = b.length + 1
  // lengths[i * width + j]: the LCS of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number)
  const parts: DiffPart[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i] as string })
      i++
      j++
    } else if ((lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number))
      parts.push({ kind: 'removed', text: a[i++] as string })
    else parts.push({ kind: 'added', text: b[j++] as string })
  }
  for (; i < a.length; i++) parts.push({ kind: 'removed', text: a[i] as string })
  for (; j < b.length; j++) parts.push({ kind: 'added', text: b[j] as string })
  return parts
}

/** The word diff of `before` and `after`: the parts in order; `same` ones joined give the words kept. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = wordsOf(before)
  const b = wordsOf(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++
  return merged([
    { kind: 'same', text: a.slice(0, start).join('') },
    ...middle(a.slice(start, a.length - end), b.slice(start, b.length - end)),
    { kind: 'same', text: a.slice(a.length - end).join('') },
  ])
}
