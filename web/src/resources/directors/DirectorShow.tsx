import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { directors } from './index.ts'
import type { Director } from './types.ts'

export default function DirectorShow() {
  return (
    <ResourceShow<Director>
      resource={directors}
      items={[
        { key: 'name' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    />
  )
}
