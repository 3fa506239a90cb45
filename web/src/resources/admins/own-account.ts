import type { Admin } from '@vod/contract/resources/admins'
import { useSession } from '../../stores/session.ts'

/** Nobody disables or deletes their own account (the server answers 409): those are not offered. */
export function useOwnAccountOffer() {
  const ownId = useSession((state) => state.profile?.id)
  return (admin: Admin, action: string) => admin.id !== ownId || (action !== 'disable' && action !== 'delete')
}
