import { Modal } from 'antd'
import { type ReactNode, useRef, useState } from 'react'
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
  // antd gives focus back only at the end of its closing animation, which reduced motion leaves out.
  const opener = useRef<HTMLElement | null>(null)
  const show = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setOpen(true)
  }
  const giveFocusBack = () => {
    const current = document.activeElement
    if (!current || current === document.body) opener.current?.focus()
  }
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
      {children(show)}
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
        afterClose={giveFocusBack}
        destroyOnHidden
      />
    </>
  )
}
