import { REASON_MAX } from '@vod/contract/actions'
import { Input, Modal } from 'antd'
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
  reason,
  children,
}: {
  question: ReactNode
  okText: string
  danger?: boolean
  /** data-testid of the confirming button (`delete-confirm`). */
  okTestId: string
  /** Runs on confirmation (with the reason typed, when asked); the dialog waits for it, showing progress, then closes. */
  onConfirm: (reason?: string) => unknown
  /** Ask why too (an action the contract declares with `reason`): confirmed only once one is typed. */
  reason?: boolean
  /** The trigger, given the function that opens the dialog. */
  children: (open: () => void) => ReactNode
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [why, setWhy] = useState('')
  // antd gives focus back only at the end of its closing animation, which reduced motion leaves out.
  const opener = useRef<HTMLElement | null>(null)
  const show = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setWhy('')
    setOpen(true)
  }
  const giveFocusBack = () => {
    const current = document.activeElement
    if (!current || current === document.body) opener.current?.focus()
  }
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm(reason ? why.trim() : undefined)
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
        okButtonProps={{ danger, disabled: reason && !why.trim(), ...testId(okTestId) }}
        cancelButtonProps={{ autoFocus: !reason }}
        confirmLoading={busy}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        afterClose={giveFocusBack}
        destroyOnHidden
      >
        {reason && (
          <div style={{ display: 'grid', gap: 4 }}>
            <label htmlFor="action-reason">{t('resource.reason')}</label>
            <Input.TextArea
              id="action-reason"
              autoFocus
              value={why}
              maxLength={REASON_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
              data-testid="action-reason"
              onChange={(event) => setWhy(event.target.value)}
            />
          </div>
        )}
      </Modal>
    </>
  )
}
