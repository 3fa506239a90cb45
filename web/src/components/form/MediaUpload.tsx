import { DeleteOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Typography } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type UploadedFile, type UploadKind, uploadFile } from '../../api/files.ts'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'

interface MediaUploadProps {
  /** `images` shows a picture, `videos` a player; the server checks the file's type by its content. */
  kind: Extract<UploadKind, 'images' | 'videos'>
  /** The stored file's URL (`/uploads/...` or a CDN address), as the form holds it. */
  value?: string | null
  onChange?: (value: string | null) => void
  /** What the server measured (size, width and height, duration), e.g. to fill in a duration field. */
  onUploaded?: (file: UploadedFile) => void
  id?: string
  'aria-label'?: string
}

const accept = { images: 'image/*', videos: 'video/*' } as const

/**
 * A form field holding one uploaded file: pick a file, watch its progress (cancel at will), then see it
 * (an image, or a video that plays) with Replace and Remove. Errors say what the server said (415, 413).
 */
export function MediaUpload({ kind, value, onChange, onUploaded, id, ...aria }: MediaUploadProps) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const running = useRef<AbortController | null>(null)

  async function send(file: File) {
    const controller = new AbortController()
    running.current = controller
    setPercent(0)
    try {
      const stored = await uploadFile(kind, file, {
        signal: controller.signal,
        onProgress: (sent, total) => setPercent(total > 0 ? Math.floor((sent / total) * 100) : 0),
      })
      onChange?.(stored.url)
      onUploaded?.(stored)
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        void notify(
          'error',
          t('resource.upload.failed', { message: error instanceof ApiError ? error.message : String(error) }),
        )
    } finally {
      running.current = null
      setPercent(null)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value && kind === 'images' && (
        <img src={value} alt="" style={{ maxWidth: 240, maxHeight: 160, objectFit: 'contain' }} />
      )}
      {value && kind === 'videos' && (
        // biome-ignore lint/a11y/useMediaCaption: staff previews of uploaded footage have no captions to offer.
        <video src={value} controls preload="metadata" style={{ maxWidth: 320, maxHeight: 200 }} />
      )}
      {value && (
        <Typography.Text type="secondary" copyable={{ text: value }} ellipsis style={{ maxWidth: 320 }}>
          {value}
        </Typography.Text>
      )}
      <input
        ref={input}
        type="file"
        accept={accept[kind]}
        hidden
        // antd's form styles show file inputs (display: block) over the hidden attribute.
        style={{ display: 'none' }}
        aria-label={t('resource.upload.pick')}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) void send(file)
        }}
      />
      {percent === null ? (
        <Space>
          <Button id={id} icon={<UploadOutlined />} onClick={() => input.current?.click()} {...aria}>
            {t(value ? 'resource.upload.replace' : 'resource.upload.pick')}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t('resource.upload.remove')}
            </Button>
          )}
        </Space>
      ) : (
        <Space style={{ width: '100%' }}>
          <Progress
            percent={percent}
            size="small"
            style={{ width: 200 }}
            aria-label={t('resource.upload.progress', { percent })}
          />
          <Button size="small" icon={<StopOutlined />} onClick={() => running.current?.abort()}>
            {t('resource.upload.cancel')}
          </Button>
        </Space>
      )}
    </Space>
  )
}
