import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { ipwhitelists } from './index.ts'
import type { IpWhitelist } from './types.ts'

/** /users/ipwhitelists: the addresses and ranges, searched by their note. */
export default function IpWhitelistList() {
  const columns: ResourceColumn<IpWhitelist>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'address', sortable: true },
    { key: 'note' },
    { key: 'createdAt', sortable: true, type: 'datetime' },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  return <ResourceList<IpWhitelist> resource={ipwhitelists} columns={columns} defaultSort="-id" />
}
