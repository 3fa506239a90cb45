import { Form } from 'antd'
import type { UploadedFile } from '../../api/files.ts'
import { MediaUpload } from './MediaUpload.tsx'

interface FillingUploadProps {
  kind: 'images' | 'videos'
  /** Other fields of the form to set from what the server measured (a photo's size, a video's duration). */
  fill: (file: UploadedFile) => Record<string, unknown>
  value?: string | null
  onChange?: (value: string | null) => void
  id?: string
}

/** A form's upload field that also fills in the fields the server read from the file. */
export function FillingUpload({ fill, ...props }: FillingUploadProps) {
  const form = Form.useFormInstance()
  return <MediaUpload {...props} onUploaded={(file) => form.setFieldsValue(fill(file))} />
}
