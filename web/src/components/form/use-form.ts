import { Form, type FormInstance } from 'antd'
import { useEffect, useRef } from 'react'
import { useApp } from '../../stores/app.ts'
import { isServerError } from './server-errors.ts'

/**
 * antd's Form.useForm, plus: after a language switch the field errors on screen are checked again, so that
 * they read in the new language (antd keeps the text it showed). Errors the server gave stay as they are.
 */
export function useForm<T>(): [FormInstance<T>] {
  const [form] = Form.useForm<T>()
  const language = useApp((state) => state.language)
  const shown = useRef(language)
  useEffect(() => {
    if (shown.current === language) return
    shown.current = language
    // After the render in the new language, whose rules carry the new messages.
    const names = form
      .getFieldsError()
      .filter(({ name, errors }) => errors.length > 0 && !isServerError(form, name.join('.'), errors))
      .map(({ name }) => name)
    if (names.length > 0) form.validateFields(names).catch(() => undefined)
  }, [form, language])
  return [form]
}
