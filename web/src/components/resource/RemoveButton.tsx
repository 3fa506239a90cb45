import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Id, Target } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'

/**
 * A row's red Delete (the record goes) or Remove (a child leaves its parent): it asks first, then says
 * it is done, or shows the server's refusal (a 409 naming what holds the record).
 */
export function RemoveButton({
  id,
  version,
  name,
  verb,
  run,
}: {
  id: Id
  /** The record's version as shown: a delete of a record changed since is refused (412). */
  version?: unknown
  /** How the record is named in the question (recordLabel). */
  name: string
  verb: 'delete' | 'remove'
  run: (target: Target) => Promise<unknown>
}) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      question={t(`resource.${verb}Confirm`, { name })}
      okText={t(`resource.${verb}`)}
      danger
      okTestId={`${verb}-confirm`}
      onConfirm={() =>
        run({ id, version }).then(
          // A delete says so in its "Deleted. Undo" notice (UndoNotices).
          () => {
            if (verb === 'remove') void notify('success', t('resource.removed'))
          },
          (error: Error) => notify('error', error.message),
        )
      }
    >
      {(open) => (
        <Button type="link" danger size="small" data-testid={`${verb}-${id}`} onClick={open}>
          {t(`resource.${verb}`)}
        </Button>
      )}
    </ConfirmDialog>
  )
}
