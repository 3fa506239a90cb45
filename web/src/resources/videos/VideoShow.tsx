import { FillingUpload } from '../../components/form/FillingUpload.tsx'
import { ChildList } from '../../components/resource/ChildList.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'

/** /videos/show/{id}: the video, its media, publishing, and its gallery in order. */
export default function VideoShow() {
  return (
    <ResourceShow>
      {(video) => (
        <ChildList
          id={video.id}
          child="photos"
          fields={[
            {
              name: 'url',
              input: <FillingUpload kind="images" fill={({ width, height }) => ({ width, height })} />,
            },
            'width',
            'height',
          ]}
        />
      )}
    </ResourceShow>
  )
}
