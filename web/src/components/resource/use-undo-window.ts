import { useQueryClient } from '@tanstack/react-query'
import { type Deletion, UNDO_HOLD_SECONDS, UNDO_SECONDS } from '@vod/contract/bulk'
import { useCallback, useEffect, useRef } from 'react'
import { setUndoWindow } from '../../api/deletions.ts'
import { queryKeys } from './resource-queries.ts'
import { secondsLeft } from './use-undo.ts'

/** Sets a delete's window on the server (`seconds` from now), then reads the offers again. */
export function useHoldWindow() {
  const queries = useQueryClient()
  return useCallback(
    (batch: string, seconds: number) =>
      void setUndoWindow(batch, seconds)
        .catch(() => undefined)
        .then(() => queries.invalidateQueries({ queryKey: queryKeys.deletions })),
    [queries],
  )
}

/**
 * The undo window counts only while its notice is on screen: when the page is hidden (another browser tab,
 * a minimised window) each offer's window is held on the server, and when it shows again the offer gets back
 * the seconds it had left. An offer found held (the page was reloaded meanwhile) starts its full window.
 * Calls go one after another, so a quick hide and show cannot arrive the wrong way round.
 */
export function useUndoWindow(pending: readonly Deletion[]): void {
  const queries = useQueryClient()
  const current = useRef(pending)
  current.current = pending
  const hiddenWith = useRef(new Map<string, number>())
  /** Offers whose window this page has set since it found them held. */
  const asked = useRef(new Set<string>())
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const set = (batch: string, seconds: number) => {
    queue.current = queue.current
      .then(() => setUndoWindow(batch, seconds))
      .catch(() => undefined)
      .then(() => queries.invalidateQueries({ queryKey: queryKeys.deletions }))
  }

  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        for (const deletion of current.current) {
          const left = secondsLeft(deletion, Date.now())
          if (left <= 0) continue
          hiddenWith.current.set(deletion.batch, left)
          set(deletion.batch, UNDO_HOLD_SECONDS)
        }
        return
      }
      for (const [batch, left] of hiddenWith.current) {
        // Given back what it had left: not an offer found held, which the render before the offers are read
        // again would otherwise start anew at a whole window.
        asked.current.add(batch)
        set(batch, left)
      }
      hiddenWith.current.clear()
    }
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  })

  // Held offers on a page that shows them (after a reload while held): their window starts now.
  useEffect(() => {
    if (document.visibilityState !== 'visible') return
    for (const deletion of pending) {
      const held = Date.parse(deletion.expires_at) - Date.now() > (UNDO_SECONDS + 1) * 1000
      if (!held || hiddenWith.current.has(deletion.batch) || asked.current.has(deletion.batch)) continue
      asked.current.add(deletion.batch)
      set(deletion.batch, UNDO_SECONDS)
    }
  })
}
