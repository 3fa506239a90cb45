import { BugOutlined } from '@ant-design/icons'
import { Badge, Button } from 'antd'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useErrorLog } from '../../stores/error-log.ts'

// The dialog (with antd's Table) is loaded the first time it is opened.
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog.tsx'))

const FOCUSABLE = 'button, select, a[href], input, [tabindex]:not([tabindex="-1"])'

/**
 * The navbar's error log (the template's): a bug icon badged with the count of errors caught, shown only
 * while there are some; it opens the dialog listing them.
 */
export function ErrorLogButton() {
  const { t } = useTranslation()
  const count = useErrorLog((state) => state.errors.length)
  const [open, setOpen] = useState(false)
  // Mounted from the first opening on, so the dialog can animate closed and keep its chunk loaded.
  const [opened, setOpened] = useState(false)
  const anchor = useRef<HTMLSpanElement>(null)

  // Clearing the log removes the button the dialog would give the focus back to: the focus goes to the
  // navbar's next control instead of falling to the page.
  const afterClose = () => {
    if (useErrorLog.getState().errors.length > 0) return
    let next = anchor.current?.nextElementSibling
    while (next && !(next.matches(FOCUSABLE) || next.querySelector(FOCUSABLE))) next = next.nextElementSibling
    const target = next?.matches(FOCUSABLE) ? next : next?.querySelector(FOCUSABLE)
    if (target instanceof HTMLElement) target.focus()
  }

  return (
    <span ref={anchor} className="error-log" style={{ display: 'contents' }}>
      {count > 0 && (
        <Badge count={count} size="small" offset={[-6, 8]} data-testid="error-log-badge">
          <Button
            type="text"
            data-testid="error-log"
            aria-label={t('shell.errorLog.open', { count })}
            aria-haspopup="dialog"
            icon={<BugOutlined />}
            onClick={() => {
              setOpened(true)
              setOpen(true)
            }}
          />
        </Badge>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} afterClose={afterClose} />
        </Suspense>
      )}
    </span>
  )
}
