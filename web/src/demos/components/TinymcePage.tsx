import { Card, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RichTextEditor } from '../../components/rich-text/RichTextEditor.tsx'
import { DemoPage } from '../shared/DemoPage.tsx'

/**
 * The template's rich-text editor page, with the product's editor (tiptap, shared with posts and the
 * article example): its toolbar, images uploaded to /api/files/images, and the HTML it makes.
 */
export default function TinymcePage() {
  const { t } = useTranslation()
  const [html, setHtml] = useState(() => t('demos.components.tinymce.sample'))
  return (
    <DemoPage title={t('demos.components.titles.tinymce')} intro={t('demos.components.tinymce.intro')}>
      <div data-testid="tinymce-editor">
        <RichTextEditor value={html} onChange={setHtml} aria-label={t('demos.components.titles.tinymce')} />
      </div>
      <Card size="small" title={t('demos.components.tinymce.html')} style={{ marginTop: 16 }}>
        <Typography.Paragraph
          code
          data-testid="tinymce-html"
          style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
        >
          {html}
        </Typography.Paragraph>
      </Card>
    </DemoPage>
  )
}
