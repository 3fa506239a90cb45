import { ChildList } from '../../components/resource/ChildList.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'

/**
 * /blocks/{id}: the block, and its videos in order: added through a picker that searches the videos on the
 * server, put in order by dragging, each shown as the block says (caption, audience, popular badge).
 */
export default function BlockShow() {
  return <ResourceShow>{(block) => <ChildList id={block.id} child="videos" />}</ResourceShow>
}
