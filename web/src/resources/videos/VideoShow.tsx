import { videoActions } from '@vod/contract/resources/videos'
import { InputNumber } from 'antd'
import { FillingUpload } from '../../components/form/FillingUpload.tsx'
import { ChildList } from '../../components/resource/ChildList.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { videos } from './index.ts'
import { videoStatusColors } from './status.ts'
import type { Photo, Video } from './types.ts'

const size = <InputNumber min={1} precision={0} style={{ width: '100%' }} />

/** /videos/show/{id}: the video, its media, publishing, and its gallery in order. */
export default function VideoShow() {
  return (
    <ResourceShow<Video>
      resource={videos}
      actions={videoActions}
      confirm={['publish']}
      items={[
        { key: 'cover', type: 'image' },
        { key: 'title' },
        { key: 'serialNumber' },
        { key: 'status', type: 'status', colors: videoStatusColors },
        { key: 'publishedAt', type: 'datetime' },
        { key: 'videoDuration' },
        { key: 'isFree', type: 'flag' },
        { key: 'isMain', type: 'flag' },
        { key: 'tags', type: 'relation' },
        { key: 'directors', type: 'relation' },
        { key: 'sourceName' },
        { key: 'views' },
        { key: 'likes' },
        { key: 'dislikes' },
        { key: 'description' },
      ]}
    >
      {(video) => (
        <ChildList<Photo>
          parent={videos}
          id={video.id}
          child="photos"
          ordered
          removable
          columns={[
            { key: 'url', type: 'image', width: 120 },
            { key: 'width' },
            { key: 'height' },
            { key: 'createdAt', type: 'datetime' },
          ]}
          add={{
            fields: [
              {
                name: 'url',
                required: true,
                input: <FillingUpload kind="images" fill={({ width, height }) => ({ width, height })} />,
              },
              { name: 'width', input: size },
              { name: 'height', input: size },
            ],
          }}
        />
      )}
    </ResourceShow>
  )
}
