import { PrinterOutlined } from '@ant-design/icons'
import { Button, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import './pdf.css'

/** While this class is on <html>, print shows the article alone (see pdf.css). */
const PRINTING = 'print-article'

/**
 * A print-friendly article: the browser's print dialog prints it or saves it as PDF. The shell is hidden
 * only while this page prints, so printing any other page is unchanged. Text stays text, so Chinese
 * prints with the system's fonts.
 */
export default function PdfPage() {
  const { t } = useTranslation()
  useEffect(() => {
    const done = () => document.documentElement.classList.remove(PRINTING)
    window.addEventListener('afterprint', done)
    return () => {
      window.removeEventListener('afterprint', done)
      done()
    }
  }, [])
  const print = () => {
    document.documentElement.classList.add(PRINTING)
    window.print()
  }
  return (
    <div>
      <Button
        type="primary"
        icon={<PrinterOutlined />}
        onClick={print}
        className="pdf-print-button"
        data-testid="pdf-print"
      >
        {t('demos.pdf.print')}
      </Button>
      <article className="pdf-article" data-testid="pdf-article">
        <Typography.Title level={2}>{t('demos.pdf.articleTitle')}</Typography.Title>
        {['one', 'two', 'three'].map((key) => (
          <Typography.Paragraph key={key}>{t(`demos.pdf.paragraphs.${key}`)}</Typography.Paragraph>
        ))}
      </article>
    </div>
  )
}
