import { wordDiff } from './word-diff.ts'
import './word-diff.css'

/** A long text's change word by word: removed words struck through, added ones underlined (del and ins). */
export function WordDiff({ before, after }: { before: string; after: string }) {
  // Each part keyed by where it starts in the two texts: the same diff renders the same keys.
  let at = 0
  const parts = wordDiff(before, after).map((part) => {
    const key = `${part.kind}${at}`
    at += part.text.length
    return { ...part, key }
  })
  return (
    <span className="word-diff" data-testid="word-diff">
      {parts.map((part) =>
        part.kind === 'same' ? (
          <span key={part.key}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={part.key}>{part.text}</del>
        ) : (
          <ins key={part.key}>{part.text}</ins>
        ),
      )}
    </span>
  )
}
