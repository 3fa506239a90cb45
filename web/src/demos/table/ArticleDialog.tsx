import { articleLimits } from '@vod/contract/resources/articles'
import { DatePicker, Form, Input, Modal, Rate, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { showServerErrors } from '../../components/form/server-errors.ts'
import { useForm } from '../../components/form/use-form.ts'
import { useSaveRecord } from '../../components/resource/resource-queries.ts'
import {
  type ArticleRow,
  articleClient,
  articleStatusOptions,
  articleTypeOptions,
} from '../articles/articles.ts'

interface Values {
  type?: string
  display_time?: Dayjs
  title?: string
  author?: string
  status?: string
  importance?: number
  summary?: string
}

const fields = ['type', 'display_time', 'title', 'author', 'status', 'importance', 'summary'] as const

/** The complex table's create / edit dialog: checked here as you type, and by the API on save (422). */
export function ArticleDialog({
  article,
  open,
  onClose,
}: {
  /** The article to edit; none to create one. */
  article?: ArticleRow
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [form] = useForm<Values>()
  const save = useSaveRecord(articleClient)
  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue(
      article
        ? { ...article, summary: article.summary ?? '', display_time: dayjs(article.display_time) }
        : { status: 'draft', importance: 1, display_time: dayjs() },
    )
  }, [open, article, form])

  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    try {
      await save.mutateAsync({
        id: article?.id,
        values: { ...values, display_time: values.display_time?.toISOString() },
      })
      void notify('success', t('resource.saved'))
      onClose()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (showServerErrors(form, error, fields)) void notify('error', error.message)
    }
  }

  const label = (name: (typeof fields)[number]) => t(`demos.articles.fields.${name}`)
  return (
    <Modal
      open={open}
      title={t(article ? 'resource.edit' : 'resource.create')}
      okText={t('resource.save')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ 'data-testid': 'article-save' }}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} data-testid="article-form">
        <Form.Item name="type" label={label('type')} rules={[{ required: true }]}>
          <Select options={articleTypeOptions(t)} />
        </Form.Item>
        <Form.Item name="display_time" label={label('display_time')} rules={[{ required: true }]}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="title"
          label={label('title')}
          rules={[{ required: true, whitespace: true }, { max: articleLimits.title }]}
        >
          <Input data-testid="article-title" />
        </Form.Item>
        <Form.Item
          name="author"
          label={label('author')}
          rules={[{ required: true, whitespace: true }, { max: articleLimits.author }]}
        >
          <Input data-testid="article-author" />
        </Form.Item>
        <Form.Item name="status" label={label('status')}>
          <Select options={articleStatusOptions(t)} />
        </Form.Item>
        <Form.Item name="importance" label={label('importance')}>
          <Rate count={articleLimits.importance} />
        </Form.Item>
        <Form.Item name="summary" label={label('summary')} rules={[{ max: articleLimits.summary }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
