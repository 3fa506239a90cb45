import type { FormInstance } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { registerDraftSource, takeDraft } from '../../stores/drafts.ts'
import { useSession } from '../../stores/session.ts'

/**
 * Unsaved values survive the end of a session: while the form is open its changed values are
 * offered to stores/drafts.ts, which keeps them when a 401 ends the session; once the admin is back on the
 * same page (`ready`: the record is loaded and filled in), they are filled in again and `restored` is set.
 */
export function useSessionDraft(form: FormInstance, path: string, ready: boolean) {
  const owner = useSession((state) => state.profile?.username)
  const [restored, setRestored] = useState(false)
  const checked = useRef(false)

  useEffect(
    () =>
      registerDraftSource(() =>
        form.isFieldsTouched() ? { path, values: form.getFieldsValue(true) } : null,
      ),
    [form, path],
  )

  useEffect(() => {
    if (!ready || !owner || checked.current) return
    checked.current = true
    const values = takeDraft(path, owner)
    if (!values) return
    // Marked as changed, so a second ending keeps them again.
    form.setFields(Object.entries(values).map(([name, value]) => ({ name, value, touched: true })))
    setRestored(true)
  }, [form, path, ready, owner])

  return { restored, forget: () => setRestored(false) }
}
