import { seoLimits } from '@vod/contract/resources/seos'
import { Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { seos } from './index.ts'

const toBody = ({ tagId, description, ...rest }: RecordValues): RecordValues => ({
  ...rest,
  tagId: tagId ?? null,
  description: description ?? '',
})

export default function SeoForm() {
  const { t } = useTranslation()
  return (
    <ResourceForm
      resource={seos}
      toBody={toBody}
      fields={[
        { name: 'title', required: true, input: <Input maxLength={seoLimits.title} /> },
        {
          name: 'description',
          input: <Input.TextArea maxLength={seoLimits.description} autoSize={{ minRows: 3 }} showCount />,
        },
        {
          name: 'page',
          required: true,
          extra: t('seos.pageHelp'),
          input: <Input maxLength={seoLimits.page} placeholder="/videos" />,
        },
        { name: 'tagId', input: <RecordPicker resource="tags" allowClear /> },
      ]}
    />
  )
}
