import { tagTypes } from '@vod/contract/resources/tags'
import { Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { tags } from './index.ts'

// A category left empty is sent as none, so an edit can take it away.
const toBody = ({ categoryId, ...rest }: RecordValues): RecordValues => ({
  ...rest,
  categoryId: categoryId ?? null,
})

export default function TagForm() {
  const { t } = useTranslation()
  const typeOptions = tagTypes.map((type) => ({ value: type, label: t(`tags.types.${type}`) }))
  return (
    <ResourceForm
      resource={tags}
      toBody={toBody}
      fields={[
        { name: 'name', required: true, input: <Input maxLength={100} /> },
        { name: 'type', required: true, input: <Select options={typeOptions} /> },
        { name: 'categoryId', input: <RecordPicker resource="tag-categories" allowClear /> },
      ]}
    />
  )
}
