import type { Block, BlockVideo } from '@vod/contract/resources/blocks'
import { Button, Card, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useClient, useListQuery } from '../../components/resource/resource-queries.ts'

/** How many videos of a block the preview shows: a row of the member site's cards. */
const CARDS = 8

/**
 * The member site's home page as its blocks make it: every home block not expired, in `sort` order, framed
 * or full width, its videos as cards (the block's caption, the popular badge), its advertisement or its image.
 */
export function HomePreview() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const blocks = useListQuery(
    useClient<Block>('blocks'),
    // What the member site shows now: a block past its `expired_at` no longer does.
    { on_page: 'home', expired: 0, sort: 'sort', per_page: 100 },
    open,
  )
  const rows = blocks.data?.data ?? []
  return (
    <>
      <Button data-testid="home-preview" onClick={() => setOpen(true)}>
        {t('blocks.preview.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('blocks.preview.title')}
        size="large"
        destroyOnHidden
      >
        <Spin spinning={blocks.isLoading}>
          {rows.length === 0 && !blocks.isLoading ? (
            <Empty description={t('blocks.preview.empty')} />
          ) : (
            <Space
              orientation="vertical"
              size="middle"
              style={{ width: '100%' }}
              data-testid="home-preview-blocks"
            >
              {rows.map((block) => (
                <PreviewBlock key={block.id} block={block} />
              ))}
            </Space>
          )}
        </Spin>
      </Drawer>
    </>
  )
}

function PreviewBlock({ block }: { block: Block }) {
  const { t } = useTranslation()
  return (
    <Card
      size="small"
      variant={block.is_box ? 'outlined' : 'borderless'}
      title={block.title}
      data-testid={`preview-block-${block.id}`}
      extra={block.is_box ? null : <Tag>{t('blocks.preview.fullWidth')}</Tag>}
    >
      {block.description && <Typography.Paragraph type="secondary">{block.description}</Typography.Paragraph>}
      {block.type === 'videos' && <PreviewVideos blockId={block.id} />}
      {block.type === 'advertisement' && (
        <Tag color="purple">
          {t('blocks.preview.advertisement', { name: block.advertisement_name ?? t('blocks.preview.none') })}
        </Tag>
      )}
      {block.type === 'image' && block.image && (
        <img src={block.image} alt={block.title} style={{ maxWidth: '100%' }} />
      )}
    </Card>
  )
}

function PreviewVideos({ blockId }: { blockId: number }) {
  const { t } = useTranslation()
  const videos = useListQuery(useClient<BlockVideo>(`blocks/${blockId}/videos`), { per_page: CARDS })
  const rows = videos.data?.data ?? []
  if (videos.isLoading) return <Spin />
  if (rows.length === 0)
    return <Typography.Text type="secondary">{t('blocks.preview.noVideos')}</Typography.Text>
  return (
    <Space size="small" wrap>
      {rows.map((video) => (
        <Card
          key={video.id}
          size="small"
          style={{ width: 140 }}
          cover={
            video.cover ? (
              <img src={video.cover} alt="" height={80} style={{ objectFit: 'cover' }} />
            ) : undefined
          }
        >
          <Typography.Text ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
            {video.name ?? video.title}
          </Typography.Text>
          <Space size={2} wrap>
            {video.is_popular === 1 && <Tag color="volcano">{t('blocks.preview.popular')}</Tag>}
            {video.is_free === 1 && <Tag color="green">{t('blocks.preview.free')}</Tag>}
          </Space>
        </Card>
      ))}
    </Space>
  )
}
