import type { Deletion } from '@vod/contract/bulk'
import { Button } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { offerElsewhere, secondsLeft, useOfferedElsewhere, useUndo } from './use-undo.ts'
import { useUndoWindow } from './use-undo-window.ts'
import './undo-notices.css'

/** "Deleted 3 records. Undo 7 s": one delete's offer, in the corner or inside a dialog. */
function UndoOffer({ deletion, undo }: { deletion: Deletion; undo: ReturnType<typeof useUndo> }) {
  const { t } = useTranslation()
  return (
    <div className="undo-notice" data-testid="undo-notice">
      <span>
        {deletion.ids.length === 1
          ? t('resource.deletedOne', { name: deletion.labels[0] })
          : t('resource.deletedMany', { count: deletion.ids.length })}
      </span>
      <Button
        type="link"
        size="small"
        data-testid={`undo-${deletion.resource}`}
        loading={undo.undo.isPending && undo.undo.variables?.batch === deletion.batch}
        onClick={() => undo.undo.mutate(deletion)}
      >
        {t('resource.undo')}
      </Button>
      <span className="undo-seconds">
        {t('resource.secondsLeft', { count: secondsLeft(deletion, undo.now) })}
      </span>
    </div>
  )
}

/**
 * "Deleted. Undo" for every resource (docs/resources.md "Bulk actions and undo"), in the corner: the admin's
 * deletes that can still be undone, so the offer survives a reload and lasts exactly the server's window,
 * counted only while the page shows it (use-undo-window.ts); those a dialog offers itself are left to it.
 */
export function UndoNotices() {
  const undo = useUndo()
  useUndoWindow(undo.pending)
  const elsewhere = useOfferedElsewhere((state) => state.batches)
  const shown = undo.pending.filter((deletion) => !elsewhere.has(deletion.batch))
  if (shown.length === 0) return null
  return (
    <div className="undo-notices" role="status" aria-live="polite">
      {shown.map((deletion) => (
        <UndoOffer key={deletion.batch + deletion.resource} deletion={deletion} undo={undo} />
      ))}
    </div>
  )
}

/**
 * Undo inside a bulk delete's result dialog, which would otherwise sit over the corner's offer for most of
 * its window: the delete of these `ids` of `resource`, while it can be undone.
 */
export function DialogUndo({ resource, ids }: { resource: string; ids: readonly number[] }) {
  const undo = useUndo()
  const deletion = undo.pending.find(
    (candidate) => candidate.resource === resource && candidate.ids.some((id) => ids.includes(id)),
  )
  const batch = deletion?.batch
  useEffect(() => (batch ? offerElsewhere(batch) : undefined), [batch])
  if (!deletion) return null
  return (
    <div className="undo-in-dialog" role="status" aria-live="polite">
      <UndoOffer deletion={deletion} undo={undo} />
    </div>
  )
}
