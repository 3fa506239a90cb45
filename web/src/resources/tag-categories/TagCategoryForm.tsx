import { tagCategoryLimits } from '@vod/contract/resources/tag-categories'
import { Input, InputNumber } from 'antd'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { tagCategories } from './index.ts'

export default function TagCategoryForm() {
  return (
    <ResourceForm
      resource={tagCategories}
      fields={[
        { name: 'name', required: true, input: <Input maxLength={tagCategoryLimits.name} /> },
        {
          name: 'sort',
          input: (
            <InputNumber min={0} max={tagCategoryLimits.sortMax} precision={0} style={{ width: '100%' }} />
          ),
        },
      ]}
    />
  )
}
