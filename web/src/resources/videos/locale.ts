import { videoFieldLabels } from '@vod/contract/resources/videos'
import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const videosLocale = defineResourceLocale({
  title: ['Videos', '视频'],
  noun: ['video', '视频'],
  keyword: ['Title words or serial number start', '标题中的文字，或编号的开头'],
  batchCreateTitle: ['Batch create videos', '批量创建视频'],
  // The contract's, which its CSV's header also reads.
  fields: videoFieldLabels,
  confirms: {
    publish: ['Publish this video? It becomes visible on the site.', '发布此视频？发布后将在网站上可见。'],
    unpublish: [
      'Take this video down? It goes back to a draft, no longer on the site.',
      '下架此视频？它将退回草稿，不再在网站上显示。',
    ],
  },
  // A draft taken down (unpublished): its state, and when, by whom and why on its page (takedown.tsx).
  takedown: {
    status: ['Taken down', '已下架'],
    by: ['Taken down by {{by}} at {{at}}', '{{by}} 于 {{at}} 下架'],
    reason: ['Reason: {{reason}}', '原因：{{reason}}'],
  },
  children: {
    photos: {
      title: ['Gallery', '图集'],
      addTitle: ['Add photos', '添加图片'],
      fields: {
        url: ['Photo', '图片'],
        width: ['Width', '宽'],
        height: ['Height', '高'],
        created_at: ['Added', '添加时间'],
      },
    },
  },
})
