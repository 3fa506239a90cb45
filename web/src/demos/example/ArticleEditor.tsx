import { articleLimits } from '@vod/contract/resources/articles'
import { Affix, Button, Card, Col, DatePicker, Form, Input, Rate, Row, Select, Space, Spin, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import './example.css'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { MediaUpload } from '../../components/form/MediaUpload.tsx'
import { showServerErrors } from '../../components/form/server-errors.ts'
import { useForm } from '../../components/form/use-form.ts'
import { RecordError } from '../../components/resource/RecordError.tsx'
import { useRecordQuery, useSaveRecord } from '../../components/resource/resource-queries.ts'
import { RichTextEditor } from '../../components/rich-text/RichTextEditor.tsx'
import {
  type ArticleRow,
  articleClient,
  articleStatusColors,
  articleTypeOptions,
} from '../articles/articles.ts'

interface Values {
  title?: string
  author?: string
  type?: string
  display_time?: Dayjs
  importance?: number
  summary?: string
  image_uri?: string | null
  content?: string
}

const fields = [
  'title',
  'author',
  'type',
  'display_time',
  'importance',
  'summary',
  'image_uri',
  'content',
] as const

/**
 * The template's article editor: a toolbar that sticks to the top while the page scrolls, with Publish and
 * Save as draft; title, author, type, date, importance, summary, an uploaded image and the rich text.
 * Without an id it creates an article and then goes on editing it.
 */
export function ArticleEditor({ id }: { id?: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [form] = useForm<Values>()
  const formName = `article${useId()}`
  const record = useRecordQuery(articleClient, id)
  const save = useSaveRecord(articleClient)
  const status = record.data?.status
  const filled = useRef(false)
  useEffect(() => {
    if (!record.data || filled.current) return
    filled.current = true
    form.setFieldsValue({
      ...record.data,
      summary: record.data.summary ?? '',
      display_time: dayjs(record.data.display_time),
    })
  }, [form, record.data])

  if (record.error) return <RecordError error={record.error} />

  const submit = async (wanted: ArticleRow['status']) => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    try {
      const saved = await save.mutateAsync({
        id,
        values: {
          ...values,
          image_uri: values.image_uri ?? null,
          display_time: (values.display_time ?? dayjs()).toISOString(),
          status: wanted,
        },
      })
      void notify('success', t(wanted === 'published' ? 'demos.example.published' : 'demos.example.drafted'))
      if (id === undefined) navigate(`/example/edit/${saved.id}`, { replace: true })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (showServerErrors(form, error, fields)) void notify('error', error.message)
    }
  }

  const label = (name: (typeof fields)[number]) => t(`demos.articles.fields.${name}`)
  return (
    <Spin spinning={record.isLoading}>
      <Affix offsetTop={50}>
        <div className="example-toolbar" data-testid="example-toolbar">
          <Space>
            {status && (
              <Tag color={articleStatusColors[status]}>{t(`demos.articles.statuses.${status}`)}</Tag>
            )}
            <Button
              type="primary"
              loading={save.isPending}
              data-testid="example-publish"
              onClick={() => void submit('published')}
            >
              {t('demos.articles.publish')}
            </Button>
            <Button loading={save.isPending} data-testid="example-draft" onClick={() => void submit('draft')}>
              {t('demos.example.saveDraft')}
            </Button>
          </Space>
        </div>
      </Affix>
      <Card>
        <Form
          form={form}
          name={formName}
          layout="vertical"
          initialValues={{ importance: 1, display_time: dayjs(), content: '' }}
        >
          <Form.Item
            name="title"
            label={label('title')}
            rules={[{ required: true, whitespace: true }, { max: articleLimits.title }]}
          >
            <Input size="large" data-testid="example-title" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item
                name="author"
                label={label('author')}
                rules={[{ required: true, whitespace: true }, { max: articleLimits.author }]}
              >
                <Input data-testid="example-author" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="type" label={label('type')} rules={[{ required: true }]}>
                <Select options={articleTypeOptions(t)} data-testid="example-type" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="display_time" label={label('display_time')}>
                <DatePicker showTime style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="importance" label={label('importance')}>
                <Rate count={articleLimits.importance} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="summary" label={label('summary')} rules={[{ max: articleLimits.summary }]}>
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={articleLimits.summary} showCount />
          </Form.Item>
          <Form.Item name="content" label={label('content')}>
            <RichTextEditor aria-label={label('content')} />
          </Form.Item>
          <Form.Item name="image_uri" label={label('image_uri')}>
            <MediaUpload kind="images" />
          </Form.Item>
        </Form>
      </Card>
    </Spin>
  )
}
