import { ResourceList } from '../../components/resource/ResourceList.tsx'
import { HomePreview } from './HomePreview.tsx'

/** /blocks: the shared list, with a preview of the home page's blocks in their order. */
export default function BlockList() {
  return <ResourceList toolbar={<HomePreview />} />
}
