import { postLimits } from '@vod/contract/resources/posts'
import { DatePicker, Input, Select, Switch } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { MediaUpload } from '../../components/form/MediaUpload.tsx'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { RichTextEditor } from '../../components/rich-text/RichTextEditor.tsx'
import { posts } from './index.ts'
import { postStatusOptions } from './status.ts'

const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  isSticky: record.isSticky === 1,
  publishedAt: record.publishedAt ? dayjs(record.publishedAt as string) : null,
})

const toBody = ({ isSticky, publishedAt, cover, description, ...rest }: RecordValues): RecordValues => ({
  ...rest,
  cover: cover ?? null,
  description: description ?? '',
  isSticky: isSticky ? 1 : 0,
  publishedAt: publishedAt ? dayjs(publishedAt as string).toISOString() : null,
})

/** Create and edit a post; the rich-text editor (tiptap) loads with this screen only. */
export default function PostForm() {
  const { t } = useTranslation()
  return (
    <ResourceForm
      resource={posts}
      toForm={toForm}
      toBody={toBody}
      initialValues={{ status: 'draft', isSticky: false, content: '' }}
      maxWidth={880}
      fields={[
        { name: 'title', required: true, input: <Input maxLength={postLimits.title} /> },
        { name: 'cover', input: <MediaUpload kind="images" /> },
        {
          name: 'description',
          input: <Input.TextArea maxLength={postLimits.description} autoSize={{ minRows: 2 }} showCount />,
        },
        { name: 'content', input: <RichTextEditor aria-label={t('posts.fields.content')} /> },
        { name: 'status', required: true, input: <Select options={postStatusOptions(t)} /> },
        { name: 'publishedAt', input: <DatePicker showTime style={{ width: '100%' }} /> },
        { name: 'isSticky', input: <Switch />, valuePropName: 'checked' },
      ]}
    />
  )
}
