import { type ReactNode, Suspense } from 'react'

/**
 * A part of a screen whose code loads after the screen's figures (a chart, a table, the date picker): until
 * it has, an empty box of its height (and width, for one inline) keeps its place, marked busy.
 */
export function Later({ height, width, children }: { height: number; width?: number; children: ReactNode }) {
  const placeholder = (
    <div aria-busy="true" style={{ height, width, display: width ? 'inline-block' : 'block' }} />
  )
  return <Suspense fallback={placeholder}>{children}</Suspense>
}
