import { Form } from 'antd'
import { MediaUpload } from '../../components/form/MediaUpload.tsx'

/** A gallery photo's file; its width and height come from the server's reading of the upload. */
export function PhotoUpload(props: {
  value?: string | null
  onChange?: (value: string | null) => void
  id?: string
}) {
  const form = Form.useFormInstance()
  return (
    <MediaUpload
      kind="images"
      {...props}
      onUploaded={(file) => form.setFieldsValue({ width: file.width, height: file.height })}
    />
  )
}
