import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Deletion } from '@vod/contract/bulk'
import { Button } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pendingDeletions, resourceClient } from '../../api/resource-client.ts'
import { notify } from '../../app/notify.ts'
import { queryKeys } from './resource-queries.ts'
import './undo-notices.css'

const secondsLeft = (deletion: Deletion, now: number) =>
  Math.max(0, Math.ceil((Date.parse(deletion.expires_at) - now) / 1000))

/**
 * "Deleted. Undo" for every resource (README "Bulk actions and undo"): the admin's deletes that can still be
 * undone, as the server keeps them (GET /api/deletions), so the offer survives a reload and lasts exactly
 * the server's window. Undo puts the records back through their resource's bulk restore.
 */
export function UndoNotices() {
  const { t } = useTranslation()
  const queries = useQueryClient()
  const [now, setNow] = useState(() => Date.now())
  const { data = [] } = useQuery({
    queryKey: queryKeys.deletions,
    queryFn: ({ signal }) => pendingDeletions(signal),
  })
  const shown = data.filter((deletion) => secondsLeft(deletion, now) > 0)
  useEffect(() => {
    if (shown.length === 0) return
    const timer = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(timer)
  }, [shown.length])
  const undo = useMutation({
    mutationFn: (deletion: Deletion) =>
      resourceClient(deletion.resource).bulk('restore', { ids: deletion.ids }),
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
  if (shown.length === 0) return null
  return (
    <div className="undo-notices" role="status" aria-live="polite">
      {shown.map((deletion) => (
        <div key={deletion.batch + deletion.resource} className="undo-notice" data-testid="undo-notice">
          <span>
            {deletion.ids.length === 1
              ? t('resource.deletedOne', { name: deletion.labels[0] })
              : t('resource.deletedMany', { count: deletion.ids.length })}
          </span>
          <Button
            type="link"
            size="small"
            data-testid={`undo-${deletion.resource}`}
            loading={undo.isPending && undo.variables?.batch === deletion.batch}
            onClick={() => undo.mutate(deletion)}
          >
            {t('resource.undo')}
          </Button>
          <span className="undo-seconds">
            {t('resource.secondsLeft', { count: secondsLeft(deletion, now) })}
          </span>
        </div>
      ))}
    </div>
  )
}
