import type { Id } from '../../api/resource-client.ts'
import { ChildList } from '../../components/resource/ChildList.tsx'
import { admins } from './index.ts'
import type { AllocatedMember } from './types.ts'

/** The members assigned to an admin, a page at a time (GET /api/admins/{id}/allocated-members). */
export function AllocatedMembers({ adminId }: { adminId: Id }) {
  return (
    <ChildList<AllocatedMember>
      parent={admins}
      id={adminId}
      child="allocated-members"
      columns={[
        { key: 'id', width: 80 },
        { key: 'username' },
        { key: 'email' },
        { key: 'assignedAt', type: 'datetime' },
      ]}
    />
  )
}
