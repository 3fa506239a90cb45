import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Deletion, UNDO_SECONDS } from '@vod/contract/bulk'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { create } from 'zustand'
import { pendingDeletions, resourceClient } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { queryKeys } from './resource-queries.ts'

/** Never more than the window shows: a held window (use-undo-window.ts) is given back on showing. */
export const secondsLeft = (deletion: Deletion, now: number) =>
  Math.min(UNDO_SECONDS, Math.max(0, Math.ceil((Date.parse(deletion.expires_at) - now) / 1000)))

/**
 * Deletes whose undo is offered elsewhere on screen (a bulk delete's result dialog): the corner leaves them
 * out, so one offer shows at a time, where the admin is looking.
 */
export const useOfferedElsewhere = create<{ batches: ReadonlySet<string> }>()(() => ({ batches: new Set() }))

export function offerElsewhere(batch: string): () => void {
  const add = new Set(useOfferedElsewhere.getState().batches).add(batch)
  useOfferedElsewhere.setState({ batches: add })
  return () => {
    const left = new Set(useOfferedElsewhere.getState().batches)
    left.delete(batch)
    useOfferedElsewhere.setState({ batches: left })
  }
}

/**
 * The admin's deletes that can still be undone, as the server keeps them (GET /api/deletions), with a clock
 * for their seconds left, and Undo: the records go back through their resource's bulk restore.
 */
export function useUndo() {
  const { t } = useTranslation()
  const queries = useQueryClient()
  const [now, setNow] = useState(() => Date.now())
  const { data = [] } = useQuery({
    queryKey: queryKeys.deletions,
    queryFn: ({ signal }) => pendingDeletions(signal),
  })
  const pending = data.filter((deletion) => secondsLeft(deletion, now) > 0)
  useEffect(() => {
    if (pending.length === 0) return
    const timer = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(timer)
  }, [pending.length])
  const undo = useMutation({
    mutationFn: (deletion: Deletion) =>
      resourceClient(deletion.resource).bulk('restore', { ids: deletion.ids, versions: deletion.versions }),
    onSuccess: (answer) => {
      const refused = answer.data.find((row) => row.result === 'refused')
      if (refused) void notify('error', refused.message ?? t('resource.undoFailed'))
      else void notify('success', t('resource.restored'))
    },
    onError: (error: Error) => void notify('error', error.message),
    onSettled: (_answer, _error, deletion) =>
      Promise.all([
        queries.invalidateQueries({ queryKey: queryKeys.resource(deletion.resource) }),
        queries.invalidateQueries({ queryKey: queryKeys.deletions }),
      ]),
  })
  return { pending, now, undo }
}
