import type { Video } from '@vod/contract/resources/videos'
import { Space, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { stateColors } from '../../components/resource/Display.tsx'
import { formatDateTime } from '../../components/resource/format.ts'
import { valueLabel } from '../../components/resource/labels.ts'

type Shown = Pick<Video, 'status' | 'published_at' | 'taken_down_at' | 'taken_down_by' | 'takedown_reason'>

/**
 * A video's state as staff read it: published, a draft, or a draft taken down (issue 68), which says when, by
 * whom and why on its page (`detail`) and is told apart from a plain draft in the list.
 */
export function videoStatus(video: Shown, t: TFunction, detail = false): ReactNode {
  if (!video.taken_down_at)
    return (
      <Tag color={stateColors[video.status] ?? 'default'}>
        {valueLabel(t, 'videos', 'status', video.status)}
      </Tag>
    )
  const tag = (
    <Tag color="red" data-testid="video-taken-down">
      {t('videos.takedown.status')}
    </Tag>
  )
  if (!detail) return tag
  return (
    <Space orientation="vertical" size={4}>
      {tag}
      <Typography.Text data-testid="video-takedown-by">
        {t('videos.takedown.by', { at: formatDateTime(video.taken_down_at), by: video.taken_down_by ?? '—' })}
      </Typography.Text>
      <Typography.Text data-testid="video-takedown-reason">
        {t('videos.takedown.reason', { reason: video.takedown_reason ?? '' })}
      </Typography.Text>
    </Space>
  )
}

/** The publish time, only while the video is published: a taken-down draft keeps its old one for a republish. */
export const videoPublishedAt = (video: Shown): string =>
  video.status === 'published' ? formatDateTime(video.published_at) : ''
