import { tagTypes } from '@vod/contract/resources/tags'
import { Input, InputNumber, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { tags } from './index.ts'

export default function TagForm() {
  const { t } = useTranslation()
  const typeOptions = tagTypes.map((type) => ({ value: type, label: t(`tags.types.${type}`) }))
  return (
    <ResourceForm
      resource={tags}
      fields={[
        { name: 'name', required: true, input: <Input maxLength={100} /> },
        { name: 'type', required: true, input: <Select options={typeOptions} /> },
        { name: 'categoryId', input: <InputNumber min={1} precision={0} style={{ width: '100%' }} /> },
      ]}
    />
  )
}
