import { type ButtonProps, Modal } from 'antd'
import { i18n } from '../../i18n/index.ts'
import { hasUnsaved } from '../../stores/unsaved.ts'

/**
 * Asks before unsaved changes on these screens are dropped (a tab closed, Cancel, a tab refreshed); answers
 * whether to go on. Nothing unsaved: yes, without asking. Keep editing is the focused, safe answer.
 */
export function confirmDiscard(paths: Iterable<string>): Promise<boolean> {
  if (!hasUnsaved(paths)) return Promise.resolve(true)
  const t = i18n.t.bind(i18n)
  return new Promise((resolve) => {
    // Gone from the page at the answer, leaving nothing behind to hold focus or keys.
    const answer = (discard: boolean) => {
      dialog.destroy()
      resolve(discard)
    }
    const dialog = Modal.confirm({
      title: t('resource.unsaved.title'),
      content: t('resource.unsaved.body'),
      okText: t('resource.unsaved.discard'),
      cancelText: t('resource.unsaved.keep'),
      okButtonProps: { danger: true, 'data-testid': 'discard-confirm' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'discard-cancel' } as ButtonProps,
      autoFocusButton: 'cancel',
      onOk: () => answer(true),
      onCancel: () => answer(false),
    })
  })
}
