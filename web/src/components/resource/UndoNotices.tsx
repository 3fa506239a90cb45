import { type Deletion, UNDO_HOLD_SECONDS } from '@vod/contract/bulk'
import { Button } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { offerElsewhere, secondsLeft, useOfferedElsewhere, useUndo } from './use-undo.ts'
import { useHoldWindow, useUndoWindow } from './use-undo-window.ts'
import './undo-notices.css'

/**
 * "Deleted 3 records. Undo 57 s": one delete's offer, in the corner, or inside a dialog without its seconds
 * (a dialog holds the window while it is read).
 */
function UndoOffer({
  deletion,
  undo,
  counted = true,
}: {
  deletion: Deletion
  undo: ReturnType<typeof useUndo>
  counted?: boolean
}) {
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
      {counted && (
        <span className="undo-seconds">
          {t('resource.secondsLeft', { count: secondsLeft(deletion, undo.now) })}
        </span>
      )}
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
  const elsewhere = useOfferedElsewhere((state) => state.batches)
  const shown = undo.pending.filter((deletion) => !elsewhere.has(deletion.batch))
  // A dialog's offers are its own to hold (DialogUndo).
  useUndoWindow(shown)
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
 * Undo inside a bulk delete's result dialog, which would otherwise sit over the corner's offer: the delete
 * of these `ids` of `resource`. While the dialog is open its window is held on the server (no countdown
 * runs while the results are read); closed, the offer goes back to the corner with the seconds it had.
 */
export function DialogUndo({ resource, ids }: { resource: string; ids: readonly number[] }) {
  const undo = useUndo()
  const deletion = undo.pending.find(
    (candidate) => candidate.resource === resource && candidate.ids.some((id) => ids.includes(id)),
  )
  const batch = deletion?.batch
  const hold = useHoldWindow()
  const left = useRef(0)
  if (deletion && left.current === 0) left.current = secondsLeft(deletion, Date.now())
  useEffect(() => {
    if (!batch) return
    const given = offerElsewhere(batch)
    hold(batch, UNDO_HOLD_SECONDS)
    return () => {
      hold(batch, Math.max(1, left.current))
      given()
    }
  }, [batch, hold])
  if (!deletion) return null
  return (
    <div className="undo-in-dialog" role="status" aria-live="polite">
      <UndoOffer deletion={deletion} undo={undo} counted={false} />
    </div>
  )
}
