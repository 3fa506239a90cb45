import type { Admin } from '@vod/contract/resources/admins'
import { ResourceList } from '../../components/resource/ResourceList.tsx'
import { useOwnAccountOffer } from './own-account.ts'

/** /permissions/admins: staff accounts; the own one cannot be disabled or deleted. */
export default function AdminList() {
  return <ResourceList<Admin> offer={useOwnAccountOffer()} />
}
