import { Modal } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { testId } from './test-id.ts'

/**
 * Asks before a consequential action (delete, remove, disable...) in a modal dialog: focus moves into it
 * (onto Cancel, the safe answer), Tab stays inside while it is open (the shell's useDialogFocusCycle), and
 * Escape or an answer gives focus back to the button that opened it. A Popconfirm left keyboard and screen-reader users outside the question.
 */
export function ConfirmDialog({
  question,
  okText,
  danger,
  okTestId,
  onConfirm,
  children,
}: {
  question: ReactNode
  okText: string
  danger?: boolean
  /** data-testid of the confirming button (`delete-confirm`). */
  okTestId: string
  /** Runs on confirmation; the dialog waits for it, showing progress, then closes. */
  onConfirm: () => unknown
  /** The trigger, given the function that opens the dialog. */
  children: (open: () => void) => ReactNode
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      setOpen(false)
    }
  }
  return (
    <>
      {children(() => setOpen(true))}
      <Modal
        open={open}
        title={question}
        width={416}
        okText={okText}
        cancelText={t('resource.cancel')}
        okButtonProps={{ danger, ...testId(okTestId) }}
        cancelButtonProps={{ autoFocus: true }}
        confirmLoading={busy}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      />
    </>
  )
}
